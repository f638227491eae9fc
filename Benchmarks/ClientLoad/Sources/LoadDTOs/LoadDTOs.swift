// DTOKitPlugin generates this target's DTOs from hello.metadata.json at build time.
import DTOKit
