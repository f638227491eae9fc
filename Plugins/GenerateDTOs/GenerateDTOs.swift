import PackagePlugin

@main
struct GenerateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
