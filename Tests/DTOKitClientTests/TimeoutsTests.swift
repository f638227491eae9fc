import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

/// The one timer behind every exchange's timeout: handlers fire in order of their due times, a
/// cancelled one never fires, and what cancelled timeouts leave behind stays bounded.
final class TimeoutsTests: XCTestCase {
    func testHandlersFireInTheOrderTheyAreDue() {
        let timeouts = Timeouts()
        let fired = Locked<[String]>([])
        let done = expectation(description: "all fired")
        done.expectedFulfillmentCount = 3
        for (name, seconds) in [("third", 0.15), ("first", 0.05), ("second", 0.1)] {
            _ = timeouts.schedule(after: seconds) {
                fired.withLock { $0.append(name) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(fired.current, ["first", "second", "third"])
        XCTAssertEqual(timeouts.counts.live, 0)
    }

    func testACancelledTimeoutNeverFiresAndAnEarlierOneStillDoes() {
        let timeouts = Timeouts()
        let fired = Locked<[String]>([])
        let later = timeouts.schedule(after: 0.05) { fired.withLock { $0.append("cancelled") } }
        let done = expectation(description: "kept fired")
        _ = timeouts.schedule(after: 0.1) {
            fired.withLock { $0.append("kept") }
            done.fulfill()
        }
        timeouts.cancel(later)
        wait(for: [done], timeout: 5)
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(fired.current, ["kept"])
    }

    func testAnEarlierTimeoutScheduledLaterArmsTheTimerAgain() {
        let timeouts = Timeouts()
        let started = Date()
        _ = timeouts.schedule(after: 60) {}
        let done = expectation(description: "the earlier one fired")
        _ = timeouts.schedule(after: 0.05) { done.fulfill() }
        wait(for: [done], timeout: 5)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "it waited for the minute-long timeout")
    }

    func testCancelledTimeoutsLeaveNoMoreThanTheLiveOnesBehind() {
        // A minute's timeout per exchange, each cancelled when its exchange ends: what the heap keeps
        // of them is bounded by the live ones, not by the calls made.
        let timeouts = Timeouts()
        let live = (0..<10).map { _ in timeouts.schedule(after: 60) {} }
        for _ in 0..<10_000 {
            timeouts.cancel(timeouts.schedule(after: 60) {})
        }
        XCTAssertEqual(timeouts.counts.live, 10)
        XCTAssertLessThanOrEqual(timeouts.counts.heap, 130)
        live.forEach(timeouts.cancel)
        XCTAssertEqual(timeouts.counts.live, 0)
    }
}
