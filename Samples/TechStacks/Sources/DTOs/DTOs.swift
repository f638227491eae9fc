// DTOKitPlugin generates this target's DTOs at build time from the techstacks.metadata.json beside this
// file. SwiftPM builds a folder as a target only when it contains a Swift file: this is that file.
import DTOKit
