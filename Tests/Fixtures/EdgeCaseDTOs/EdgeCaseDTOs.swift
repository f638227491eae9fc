// The DTOs of this module are generated at build time by DTOKitPlugin from edgecases.metadata.json:
// a hand-written snapshot of awkward names (Type, Data, Error, Result, Protocol, Property), every
// property shape, enums of each kind, generics, inheritance, and AddCodable.
@_exported import DTOKit
