// The DTOs of this module are generated at build time by DTOKitPlugin from blazor-gallery.metadata.json
// (a copy of the real Blazor Gallery snapshot) and blazor-gallery.options.
@_exported import DTOKit
