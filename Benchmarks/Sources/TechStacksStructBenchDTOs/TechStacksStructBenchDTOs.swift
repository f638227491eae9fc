// The DTOs of this module are generated at build time by DTOKitPlugin from techstacks.metadata.json
// (the same snapshot as TechStacksBenchDTOs') and techstacks.options, as structs (ExportAsStructs).
@_exported import DTOKit
@_exported import DTOKitStructs
