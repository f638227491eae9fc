// Generator entry point (see issue #3).
import DTOKit
