import PackagePlugin

@main
struct UpdateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
