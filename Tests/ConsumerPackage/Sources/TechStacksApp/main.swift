import AdminDTOs
import DTOKit
import DTOKitClient
import DTOKitStructs
import Foundation
import Swift5Client

// Top-level code runs on the main actor. Each step checks what it did; a wrong result exits 1.
func check(_ condition: Bool, _ message: String) {
    if !condition {
        print("FAILED: \(message)")
        exit(1)
    }
}

let payload = Data(
    #"""
    {"results":[{"id":1,"name":"ServiceStack","slug":"servicestack","tier":"Server","created":"\/Date(1514764800000)\/"},
                {"id":2,"name":"Swift","slug":"swift","tier":"ProgrammingLanguage"}],"total":2}
    """#.utf8)

// 1. Decoding and encoding in a detached task; only Sendable values (Int, String) cross back.
let (count, json) = try await Task.detached {
    let response = try GetAllTechnologiesResponse.fromJson(payload)
    return (response.results?.count ?? 0, response.toJson())
}.value
check(count == 2 && json.contains(#""slug":"swift""#), "decoding in a detached task")

// 2. A MainActor view model decodes off the main actor and keeps the DTOs.
let model = TechnologiesViewModel(client: JsonServiceClient(baseUrl: "http://127.0.0.1:9"))
try await model.load(payload)
check(model.technologies.map(\.slug) == ["servicestack", "swift"], "view model load")
check(model.technologies.first?.tier == .Server, "enum member")

// 3. The client's async call from the main actor (nothing listens on port 9: a clear error).
await model.refresh()
check(model.lastError != nil, "a refused connection is reported, not a crash")

// 4. A DTO produced inside an actor, handed to main-actor code and changed there.
let cache = TechnologyCache()
await cache.store(Data(#"{"id":3,"name":"DTOKit","slug":"dtokit"}"#.utf8), for: "dtokit")
if let technology = try await cache.technology("dtokit") {
    technology.name = "DTOKit 1.0"
    check(technology.toJson() == #"{"id":3,"name":"DTOKit 1.0","slug":"dtokit"}"#, "DTO from an actor")
} else {
    check(false, "the cache lost its payload")
}

// 5. The library targets' DTOs (Swift 6 library, Swift 5 mode target) work here too.
check(
    AdminSummary.operations(in: #"[{"id":1,"operationName":"QueryTodos","headers":{"Accept":"*/*"}}]"#) == [
        "QueryTodos"
    ],
    "Swift 6 library target")
check(QuestionTitles.title(of: #"{"id":1,"title":"Why?"}"#) == "Why?", "Swift 5 mode target")

// 6. An enum value the snapshot does not list (KeepUnknownEnumValues in techstacks.options) is kept
//    and written back as it came; `allCases` lists the snapshot's cases.
let newer = try Technology.fromJson(#"{"id":4,"tier":"QuantumComputing"}"#)
check(
    newer.tier == .unknown(UnknownEnumValue("QuantumComputing"))
        && newer.toJson().contains(#""tier":"QuantumComputing""#),
    "an unknown enum value is kept")
check(
    TechnologyTier.allCases.contains(.Server) && !TechnologyTier.allCases.contains(newer.tier ?? .Server),
    "allCases lists the known cases")

// 7. DTO structs (ExportAsStructs in the library target): values from another task, compared with ==,
//    identified by `id`, carrying the struct form of ServiceStack's ResponseStatus.
let logJson = #"[{"id":1,"operationName":"QueryTodos"},{"id":2,"operationName":"QueryTodos"}]"#
let entries = try await AdminSummary.entries(in: logJson)
var changed = entries[1]
changed.id = 1
check(entries.count == 2 && entries[0] == changed && entries.map(\.id) == [1, 2], "DTO structs are values")
let failed = try QueryResponseValue<RequestLog>.fromJson(#"{"responseStatus":{"errorCode":"Forbidden"}}"#)
check(failed.responseStatus?.errorCode == "Forbidden", "the built-ins' struct forms")

print("consumer package: all checks passed")
