/// The command line: `--calls`, `--rounds`, `--concurrency`, `--transports`, `--paths`, `--server`.
struct Options {
    var calls = 3_000
    var rounds = 5
    var concurrency = 32
    var transports = ["urlsession", "asynchttpclient"]
    var paths: [Load.Path] = Load.Path.allCases
    var server: String?

    init<Arguments: Collection<String>>(_ arguments: Arguments) {
        var words = Array(arguments)[...]
        while let word = words.popFirst() {
            let value = words.popFirst() ?? ""
            switch word {
            case "--calls": calls = max(1, Int(value) ?? calls)
            case "--rounds": rounds = max(1, Int(value) ?? rounds)
            case "--concurrency": concurrency = max(1, Int(value) ?? concurrency)
            case "--transports": transports = value.split(separator: ",").map(String.init)
            case "--paths": paths = value.split(separator: ",").compactMap { Load.Path(rawValue: String($0)) }
            case "--server": server = value
            default: Swift.print("unknown option \(word) (see the comment at the top of main.swift)")
            }
        }
    }
}
