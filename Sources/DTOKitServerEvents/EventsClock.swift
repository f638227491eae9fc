import Foundation

/// The time a ``ServerEventsClient`` reads and waits on: the system's uptime by default, or, in
/// tests, a clock they move by hand, so that heartbeats, idle timeouts and reconnect delays pass
/// without real waiting (``ServerEventsClient/init(baseUrl:channels:client:configuration:clock:)``).
/// (`Clock` from the standard library needs iOS 16 / macOS 13; DTOKit supports iOS 15 / macOS 12.)
public protocol EventsClock: Sendable {
    /// Nanoseconds on a clock that only goes forward.
    func now() -> UInt64
    /// Returns once `nanoseconds` have passed on this clock; throws `CancellationError` when the task
    /// is cancelled first.
    func sleep(nanoseconds: UInt64) async throws
}

/// The system's clock: uptime, which stops while the device sleeps (so does the server's patience
/// with a sleeping client's subscription).
struct SystemEventsClock: EventsClock {
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func sleep(nanoseconds: UInt64) async throws {
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
