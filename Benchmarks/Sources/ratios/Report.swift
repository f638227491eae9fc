import BenchmarkCases
import Foundation
import MallocCounter

/// What `ratios` prints, from the measurements of one run.
struct Report {
    var results: [(payload: Payload, decode: Measurement, encode: Measurement)]
    var modes: [TimingMode]

    /// The column title of each library DTOKit is compared with, per direction.
    static func columnTitle(_ library: Library, _ direction: Direction) -> String {
        switch (library, direction) {
        case (.codable, .decode): return "JSONDecoder"
        case (.codable, .encode): return "JSONEncoder"
        case (.codableStringDates, .decode): return "JSONDecoder, String dates"
        case (.codableStringDates, .encode): return "JSONEncoder, String dates"
        case (.simdjson, _): return "simdjson traversal"
        case (.resultOnly, _): return "result only, no JSON"
        default: return library.rawValue
        }
    }

    /// One table per direction: a row per payload and timing mode, a column per other library.
    func ratioTable(_ direction: Direction) -> String {
        let others = Library.allCases.filter { library in
            library != .dtokit
                && results.contains { measurement($0, direction).seconds.values.contains { $0[library] != nil } }
        }
        var table = Table(
            headers: [direction.rawValue, "size", "timing"] + others.map { Report.columnTitle($0, direction) },
            left: [0, 2])
        for result in results {
            let measured = measurement(result, direction)
            for (index, mode) in modes.enumerated() {
                let name = index == 0 ? [result.payload.title, bytes(result.payload.json.count)] : ["", ""]
                table.rows.append(
                    name + [mode.rawValue]
                        + others.map { other in
                            measured.speedUp(mode, over: other).map(ratio) ?? "-"
                        })
            }
        }
        return table.render()
    }

    /// Per call: times in each mode, throughput, allocations.
    func detailTable() -> String {
        var headers = ["payload", "op", "library"]
        headers += modes.map { "time \($0.rawValue)" } + modes.map { "MB/s \($0.rawValue)" }
        headers += ["objects/s", "mallocs", "result holds"]
        var table = Table(headers: headers, left: [0, 1, 2])
        for result in results {
            for direction in Direction.allCases {
                let measured = measurement(result, direction)
                for library in Library.allCases where modes.contains(where: { measured.seconds[$0]?[library] != nil }) {
                    var row = [result.payload.title, direction.rawValue, library.rawValue]
                    row += modes.map { mode in measured.seconds[mode]?[library].map(duration) ?? "-" }
                    row += modes.map { mode in
                        measured.megabytesPerSecond(mode, library, direction: direction, payload: result.payload)
                            .map { format($0, decimals: 0) } ?? "-"
                    }
                    // simdjson builds no objects.
                    let firstMode = modes.first ?? .batch
                    row.append(
                        library == .simdjson
                            ? ""
                            : measured.seconds[firstMode]?[library]
                                .map { format(Double(result.payload.objectCount) / $0, decimals: 0) } ?? "-")
                    row.append(malloc_counter_is_supported() ? "\(measured.mallocs[library] ?? 0)" : "n/a")
                    row.append(library == .dtokit ? measured.held.map(String.init) ?? "" : "")
                    table.rows.append(row)
                }
            }
        }
        return table.render()
    }

    /// Payload 1's decode against simdjson's traversal, in GB/s.
    func limitLine() -> String? {
        guard let first = results.first,
            modes.contains(where: { first.decode.seconds[$0]?[.simdjson] != nil })
        else { return nil }
        let parts = modes.compactMap { mode -> String? in
            guard let mine = first.decode.megabytesPerSecond(mode, .dtokit, direction: .decode, payload: first.payload),
                let limit = first.decode.megabytesPerSecond(mode, .simdjson, direction: .decode, payload: first.payload)
            else { return nil }
            return
                "\(mode.rawValue): DTOKit \(format(mine / 1000, decimals: 2)) GB/s, simdjson \(format(limit / 1000, decimals: 2)) GB/s, "
                + "DTOKit takes \(format(limit / mine, decimals: 1))× simdjson's time"
        }
        return "\(first.payload.id) decode against simdjson's traversal (\(SimdjsonComparison.implementation)): "
            + parts.joined(separator: "; ")
    }

    /// A payload's decode (payload 1's, or its struct form's) against building its result without
    /// JSON, and what the 15× goal leaves for reading the bytes once the result is built.
    func resultOnlyLine(_ payloadId: String = "techstacks-1mb") -> String? {
        guard let first = results.first(where: { $0.payload.id == payloadId }),
            modes.contains(where: { first.decode.seconds[$0]?[.resultOnly] != nil })
        else { return nil }
        let parts = modes.compactMap { mode -> String? in
            guard let times = first.decode.seconds[mode], let mine = times[.dtokit], let floor = times[.resultOnly]
            else { return nil }
            var part =
                "\(mode.rawValue): DTOKit \(duration(mine)), the result alone \(duration(floor)), "
                + "reading adds \(duration(mine - floor))"
            if let codable = times[.codable] {
                let budget = codable / 15
                part +=
                    budget > floor
                    ? "; 15× JSONDecoder leaves \(duration(budget - floor)) to read the bytes"
                    : "; 15× JSONDecoder (\(duration(budget))) is less than building the result alone"
            }
            return part
        }
        return "\(first.payload.id) decode against building its result without JSON: " + parts.joined(separator: "; ")
    }

    /// The speed DTOKit keeps (decode and encode at least 12× Codable), checked on payload 1 in
    /// every timing mode of this run.
    func targetLine() -> String? {
        guard let first = results.first, first.payload.id == "techstacks-1mb" else { return nil }
        var met = true
        func check(_ values: [Double?], atLeast goal: Double) -> String {
            let shown = zip(modes, values).map { mode, value in
                if (value ?? 0) < goal { met = false }
                return "\(mode.rawValue) " + (value.map { format($0, decimals: 1) + "×" } ?? "-")
            }
            return shown.joined(separator: ", ")
        }
        let decode = check(modes.map { first.decode.speedUp($0, over: .codable) }, atLeast: 12)
        let encode = check(modes.map { first.encode.speedUp($0, over: .codable) }, atLeast: 12)
        var line =
            "speed floor on payload 1: decode ≥ 12× JSONDecoder (\(decode)); encode ≥ 12× JSONEncoder (\(encode)): "
            + (met ? "met" : "NOT met")
        if results.count > 1 {
            let others = results.dropFirst()
            let lowest = modes.map { mode in
                let decodes = others.compactMap { $0.decode.speedUp(mode, over: .codable) }.min() ?? 0
                let encodes = others.compactMap { $0.encode.speedUp(mode, over: .codable) }.min() ?? 0
                return "\(mode.rawValue) decode \(ratio(decodes)), encode \(ratio(encodes))"
            }
            line += "\nother payloads, lowest against Codable: " + lowest.joined(separator: "; ")
        }
        return line
    }

    /// The struct row's goal: payload 1 as DTO structs, decode ≥ 15× and encode ≥ 12× Codable on the
    /// same structs, in every timing mode of this run.
    func structTargetLine() -> String? {
        guard let structs = results.first(where: { $0.payload.id == "techstacks-1mb-structs" }) else { return nil }
        var met = true
        func shown(_ measurement: Measurement, atLeast goal: Double) -> String {
            modes.map { mode in
                let value = measurement.speedUp(mode, over: .codable)
                if (value ?? 0) < goal { met = false }
                return "\(mode.rawValue) " + (value.map { format($0, decimals: 1) + "×" } ?? "-")
            }.joined(separator: ", ")
        }
        let decode = shown(structs.decode, atLeast: 15)
        let encode = shown(structs.encode, atLeast: 12)
        return
            "struct row, payload 1 as structs: decode ≥ 15× JSONDecoder (\(decode)); encode ≥ 12× JSONEncoder (\(encode)): "
            + (met ? "met" : "NOT met")
    }

    private func measurement(
        _ result: (payload: Payload, decode: Measurement, encode: Measurement),
        _ direction: Direction
    ) -> Measurement {
        direction == .decode ? result.decode : result.encode
    }
}
