import Foundation

/// A seeded generator (SplitMix64), so generated payloads are the same bytes on every run and machine.
struct DeterministicRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...items.count - 1)]
    }

    /// A whole-millisecond date between 2015 and 2025 (JSON dates carry milliseconds).
    mutating func date() -> Date {
        Date(timeIntervalSince1970: Double(int(1_420_070_400...1_735_689_600)) + Double(int(0...999)) / 1000)
    }

    /// `count` words of plausible text, sometimes with punctuation that needs escaping or non-ASCII.
    mutating func sentence(words count: Int) -> String {
        var words: [String] = []
        for index in 0..<count {
            var word = pick(Self.words)
            if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
            words.append(word)
        }
        var text = words.joined(separator: " ")
        if chance(10) { text += " — \"\(pick(Self.words))\"" }
        if chance(5) { text += "\n" + pick(Self.accented) }
        return text + "."
    }

    static let words = [
        "service", "typed", "client", "request", "response", "schema", "latency", "cache", "queue", "retry",
        "timeout", "release", "deploy", "cluster", "metrics", "trace", "review", "offer", "interview", "team",
        "remote", "onsite", "contract", "budget", "roadmap", "feature", "backlog", "sprint", "design", "api",
    ]
    static let accented = ["Zürich office", "São Paulo hub", "Kraków team", "東京 meetup", "Café Ørsted"]
    static let firstNames = [
        "Ana", "Bo", "Chen", "Dana", "Eitan", "Fatima", "Giulia", "Hiro", "Ines", "Jonas", "Kofi", "Lena",
    ]
    static let lastNames = [
        "Ortiz", "Nguyen", "Schmidt", "Okafor", "Rossi", "Tanaka", "Haddad", "Kowalski", "Silva", "Berg",
    ]
    static let cities = ["Berlin", "Lisbon", "Toronto", "Nairobi", "Melbourne", "Austin", "Osaka", "Warsaw"]
}
