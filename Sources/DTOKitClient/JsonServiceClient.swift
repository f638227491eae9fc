// JsonServiceClient lives here (see issue #4).
import DTOKit
