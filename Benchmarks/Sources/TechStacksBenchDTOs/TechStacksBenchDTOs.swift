// The DTOs of this module are generated at build time by DTOKitPlugin from techstacks.metadata.json
// (a copy of the TechStacks snapshot in Tests/Fixtures) and techstacks.options.
@_exported import DTOKit
