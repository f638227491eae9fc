/// DTOKit's version, written here only: `dtokit --version` and the first line of every generated file
/// state it, and CI checks that the README's dependency line and CHANGELOG.md's next version say the
/// same (`Scripts/check-api.py`). It follows semantic versioning (CHANGELOG.md, "Versions"): between
/// releases it is the version the next release will carry.
public enum DTOKitVersion {
    public static let current = "2.0.0"
}
