import Foundation
import Testing

@testable import BenchmarkCases

/// What each timing mode keeps alive while it calls: the single-call mode must free the previous
/// result inside the next call's timing, the batch mode before the next call.
@Suite struct TimingTests {
    /// Counts the results alive when each new one is made.
    final class Census: @unchecked Sendable {
        var alive = 0
        var aliveAtCreation: [Int] = []
    }

    final class Result {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.aliveAtCreation.append(census.alive)
            census.alive += 1
        }
        deinit { census.alive -= 1 }
    }

    func run(_ mode: TimingMode) throws -> (Census, [Library: Double]) {
        let census = Census()
        var timing = Timing(seconds: 0.01)
        timing.minimumBatchSeconds = 0.0001
        let medians = try timing.medians([(key: Library.dtokit, run: { Result(census) })], mode: mode)
        return (census, medians)
    }

    @Test func singleCallModeKeepsOnlyThePreviousResultAndFreesItAll() throws {
        let (census, medians) = try run(.single)
        // Timed calls are made while the previous call's result is alive (it is freed inside the
        // next call's timing), never while two are; only the calibration calls find none.
        let whilePreviousAlive = census.aliveAtCreation.filter { $0 == 1 }.count
        #expect(census.aliveAtCreation.max() == 1)
        #expect(whilePreviousAlive > census.aliveAtCreation.count / 2)
        #expect(census.alive == 0)
        #expect(medians[.dtokit] != nil)
    }

    @Test func batchModeFreesEachResultBeforeTheNextCall() throws {
        let (census, medians) = try run(.batch)
        #expect(census.aliveAtCreation.count > 10)
        #expect(census.aliveAtCreation.allSatisfy { $0 == 0 })
        #expect(census.alive == 0)
        #expect(medians[.dtokit] != nil)
    }
}
