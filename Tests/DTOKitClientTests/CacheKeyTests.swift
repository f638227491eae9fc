import DTOKitClient
import Foundation
import Testing

@testable import DTOKitMiddleware

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The HTTP cache's keys")
struct CacheKeyTests {
    /// FIPS 180-4's examples, and a message of more than one block.
    @Test func sha256GivesTheStandardsDigests() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55, 56 and 64 bytes: the padding's edges.
        #expect(SHA256.hex(String(repeating: "a", count: 55)).count == 64)
        #expect(SHA256.hex(String(repeating: "a", count: 56)) != SHA256.hex(String(repeating: "a", count: 55)))
    }

    @Test func aKeyHoldsTheUrlAndNoCredential() {
        let url = URL(string: "https://api.example.com/api/GetTechnology?slug=swift")!
        let request = OutgoingRequest(
            url: url, headers: ["Authorization": "Bearer eyJ-secret-token", "Cookie": "ss-id=session-secret"])
        let key = CacheKey.key(for: request)
        #expect(key.hasPrefix(url.absoluteString + " "))
        #expect(!key.contains("eyJ") && !key.contains("session-secret"))
        #expect(key.count == url.absoluteString.count + 1 + 64)
    }

    /// Different credentials, different keys — also where their texts run together the same way.
    @Test func differentCredentialsNeverShareAKey() {
        let url = URL(string: "https://api.example.com/x")!
        let keys = [
            [nil, nil], ["", nil], [nil, ""], ["a", "bc"], ["ab", "c"], ["a\nb", nil], ["a", "b"],
            ["Bearer 1", nil], ["Bearer 2", nil], [nil, "ss-id=1"],
        ].map { CacheKey.key(url: url, credentials: $0) }
        #expect(Set(keys).count == keys.count)
        #expect(
            CacheKey.key(url: url, credentials: ["Bearer 1", nil])
                == CacheKey.key(for: OutgoingRequest(url: url, headers: ["Authorization": "Bearer 1"])))
    }
}
