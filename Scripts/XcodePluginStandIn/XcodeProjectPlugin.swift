// A stand-in for Xcode's `XcodeProjectPlugin` module, which only Xcode ships: the declarations a
// package plugin uses to support Xcode project targets, written from Apple's documentation of the
// module (Xcode 16, with the URL forms of PackagePlugin 6.0). Only for type-checking
// Plugins/DTOKitPlugin's `#if canImport(XcodeProjectPlugin)` branch on Linux
// (Scripts/typecheck-xcode-plugin.sh); nothing here runs, so the bodies only trap.
import Foundation
import PackagePlugin

/// The Xcode project a plugin is applied to.
public struct XcodeProject {
    public typealias ID = String
    public var id: ID { unavailable() }
    public var displayName: String { unavailable() }
    public var directoryURL: URL { unavailable() }
    public var filePaths: PathList { unavailable() }
    public var targets: [XcodeTarget] { unavailable() }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    public typealias ID = String
    public var id: ID { unavailable() }
    public var displayName: String { unavailable() }
    public var product: XcodeProduct? { unavailable() }
    /// The files of the target, sources and resources, with their types (source, header, resource, unknown).
    public var inputFiles: FileList { unavailable() }
    public var dependencies: [XcodeTargetDependency] { unavailable() }
}

/// The product an Xcode target builds.
public struct XcodeProduct {
    public typealias ID = String
    public var id: ID { unavailable() }
    public var name: String { unavailable() }
}

/// A dependency of an Xcode target.
public enum XcodeTargetDependency {
    case target(XcodeTarget)
    case product(Product)
}

/// What a plugin is given when Xcode runs it for an Xcode project target.
public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { unavailable() }
    public var pluginWorkDirectoryURL: URL { unavailable() }
    @available(*, deprecated, renamed: "pluginWorkDirectoryURL")
    public var pluginWorkDirectory: Path { unavailable() }
    public func tool(named name: String) throws -> PluginContext.Tool { unavailable() }
}

/// A build tool plugin that also works on targets of Xcode projects.
public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A command plugin that also works on Xcode projects.
public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

private func unavailable() -> Never {
    fatalError("XcodeProjectPlugin stand-in: for type-checking only")
}
