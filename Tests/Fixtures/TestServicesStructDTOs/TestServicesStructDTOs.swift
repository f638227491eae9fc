// The DTOs of this module are generated at build time by DTOKitPlugin from the snapshot in this folder,
// as structs (testservices.options).
@_exported import DTOKit
@_exported import DTOKitStructs
