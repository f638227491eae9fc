import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JsonServiceClient {
    /// Hooks shared by every ``JsonServiceClient``; each runs after the client's own hook.
    ///
    /// ```swift
    /// JsonServiceClient.Global.onError = { error in log(error) }
    /// JsonServiceClient.Global.requestFilter = { request in request.setValue("app/1.0", forHTTPHeaderField: "X-App") }
    /// ```
    /// Safe to set from any thread; calls already under way keep the hooks they started with or
    /// pick up the new ones, as they read them.
    public enum Global {
        struct Hooks {
            var onError: (@Sendable (any Error) -> Void)?
            var requestFilter: (@Sendable (inout URLRequest) -> Void)?
            var responseFilter: (@Sendable (HTTPURLResponse) -> Void)?
        }

        // Read and set through closures, not key paths: every call reads them, and a key path into
        // another module's generic `Locked` is applied at run time.
        static let hooks = Locked(Hooks())

        /// Called with every error any client throws, after the client's ``JsonServiceClient/onError``.
        public static var onError: (@Sendable (any Error) -> Void)? {
            get { hooks.withLock { $0.onError } }
            set { hooks.withLock { $0.onError = newValue } }
        }

        /// Changes every request of every client, after the client's ``JsonServiceClient/requestFilter``.
        public static var requestFilter: (@Sendable (inout URLRequest) -> Void)? {
            get { hooks.withLock { $0.requestFilter } }
            set { hooks.withLock { $0.requestFilter = newValue } }
        }

        /// Sees every response of every client, after the client's ``JsonServiceClient/responseFilter``.
        public static var responseFilter: (@Sendable (HTTPURLResponse) -> Void)? {
            get { hooks.withLock { $0.responseFilter } }
            set { hooks.withLock { $0.responseFilter = newValue } }
        }

        /// Removes every global hook.
        public static func reset() {
            hooks.withLock { $0 = Hooks() }
        }
    }
}
