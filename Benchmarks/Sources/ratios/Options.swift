import BenchmarkCases
import Foundation

/// `ratios`' command line.
struct Options {
    var secondsPerPair = 1.2
    var payloadFilter: String?
    var details = true
    var modes = TimingMode.allCases

    init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { throw usage }
                secondsPerPair = value
            case "--payload":
                guard let value = rest.popFirst() else { throw usage }
                payloadFilter = value
            case "--mode":
                guard let value = rest.popFirst() else { throw usage }
                if value == "both" {
                    modes = TimingMode.allCases
                } else if let mode = TimingMode(rawValue: value) {
                    modes = [mode]
                } else {
                    throw usage
                }
            case "--no-details":
                details = false
            case "--help", "-h":
                print(Options.help)
                exit(0)
            default:
                throw usage
            }
        }
    }

    var usage: Error { CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: Options.help]) }

    static let help = """
        usage: ratios [--seconds S] [--payload ID] [--mode batch|single|both] [--no-details]
          --seconds S     time budget per payload, direction and timing mode, shared by the libraries (default 1.2)
          --payload ID    only this payload: techstacks-1mb, techstacks-1kb, values, gallery
          --mode M        batch: medians of calibrated batches; single: each call timed on its own, freeing
                          the previous result included; both (default)
          --no-details    print the ratio tables only
        """
}
