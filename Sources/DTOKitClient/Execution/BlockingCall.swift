import Foundation

/// Where the blocking families may run.
///
/// On an app's main thread a blocking call freezes the interface for as long as the server takes
/// (up to the timeout, 60 s by default): iOS's watchdog ends an app that does so at launch, and
/// Xcode's Thread Performance Checker reports it. Debug builds of apps on iOS, tvOS, watchOS and
/// visionOS therefore stop at such a call. macOS is left out: there the main thread of a command
/// line tool, a fine place to block, is the same thread. Release builds check nothing.
enum BlockingCall {
    static func checkThread() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        assert(!Thread.isMainThread, mainThreadMessage)
        #endif
    }

    static let mainThreadMessage = "DTOKit: a blocking call (get, post, send, execute…) on the main thread "
        + "freezes the app until the response arrives; call its …Async form from a Task instead"
}
