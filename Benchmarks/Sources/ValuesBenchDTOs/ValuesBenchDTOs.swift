// The DTOs of this module are generated at build time by DTOKitPlugin from values.metadata.json, a small
// hand-written snapshot of value-heavy types (dates, durations, enums, dictionaries, nested optionals).
@_exported import DTOKit
