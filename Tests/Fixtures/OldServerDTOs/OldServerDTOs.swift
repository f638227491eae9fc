// The DTOs of this module are generated at build time by DTOKitPlugin from the snapshot in this folder.
@_exported import DTOKit
