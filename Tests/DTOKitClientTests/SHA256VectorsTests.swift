import DTOKitClient
import Foundation
import Testing

@testable import DTOKitMiddleware

/// SHA-256 at the padding's edge lengths, against Python's hashlib.
@Suite("SHA-256 at the padding's edges")
struct SHA256VectorsTests {
    static let vectors: [(Int, String)] = [
        (1, "ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879"),
        (55, "8aa994584139d128848eeebc4e815639ba5ab6e6e39574195a63ac4f14f7c43b"),
        (56, "ad574708f75c044c9b85de64cb568ee7711ff4f36448c6242f053ba8f6cc2b63"),
        (57, "5b46e502092be01b1100193e089fdda95638c12e19a1d24f308eb2c3d3ae849d"),
        (63, "280ed3e8ff1df845b2e7dfe6ac6cee817bef20e783cc65abc41b818b4d2fe076"),
        (64, "c6ab9724ade5b6a7a1edfffb12f3aa9181351355af8fd08c919952ad211339dd"),
        (65, "788367c73c7ddf4c53f65e68cc0d943e6227ab55b0e78ba63ace822b1c6301c0"),
        (111, "dd1413178fb627f9abbc041ffe39c44aa7aaa0e2e6d2ca5c4528ac7073a2da45"),
        (119, "3d610547d68216dedf7435a4fb6260353911f6b3fd3f18805ddb8be285d726fe"),
        (120, "1f80156a804cb7862ad113e8200e9d74499723e7c7854d5f48776d3148e09656"),
        (127, "192409cd280e14b743642ad1343fbd3e82d9305de72c078117745a679210cc3d"),
        (128, "cc548ca2dec1f6fe4f58b2e27aa9c7521607df1130d140b55a4dad0665302356"),
        (1000, "5097e7d587352f5097062ae679f37bda5802d9f875aba14c8cb4d1a188ada179"),
    ]

    @Test func edgeLengths() {
        for (length, expected) in Self.vectors {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(SHA256.hex(message) == expected, "length \(length)")
        }
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Keys of distinct credentials never meet: values that run together, nil against empty.
    @Test func credentialFingerprintsDoNotCollide() {
        let url = URL(string: "https://example.com/a")!
        let lists: [[String?]] = [
            [nil, nil], ["", nil], [nil, ""], ["", ""], ["-", nil], [nil, "-"], ["1:a", nil], ["a", "b"],
            ["a\n1:b", nil], ["a", "\n1:b"], ["0:", nil], ["-\n-", nil],
        ]
        let keys = lists.map { CacheKey.key(url: url, credentials: $0) }
        #expect(Set(keys).count == lists.count)
    }
}
