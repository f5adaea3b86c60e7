import Entities
import FixtureServices
@testable import FlightSearch
import Foundation
import Services
import Synchronization
import TerminalUI

/// The recorded searches happen on 2026-11-22 from 10:15 UTC; flights leave on 2026-12-18.
enum TestClock {
    static let londonZone = TimeZone(identifier: "Europe/London") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// 2026-11-22 10:15 UTC, a Sunday.
    static let searchDay = date(year: 2026, month: 11, day: 22, hour: 10, minute: 15)

    static func date(year: Int, month: Int, day: Int, hour: Int = 12, minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// A clock a test moves on by hand.
    final class Settable: Sendable {
        private let instant: Mutex<Date>

        init(_ start: Date) { instant = Mutex(start) }

        var now: Date {
            get { instant.withLock { $0 } }
            set { instant.withLock { $0 = newValue } }
        }
    }
}

/// Records every way out of the module.
@MainActor
final class SpyRouter: FlightSearchRouter {
    enum Call: Equatable {
        case availability(SearchRequest)
        case back
    }

    private(set) var calls: [Call] = []

    func searchDidSearch(for request: SearchRequest) { calls.append(.availability(request)) }
    func searchDidGoBack() { calls.append(.back) }

    var requests: [SearchRequest] {
        calls.compactMap { if case .availability(let request) = $0 { return request } else { return nil } }
    }
}

/// A place service that answers only when told to, so a test can act while a look-up is under way. Like the real
/// service, it gives up with `.cancelled` when its task is cancelled.
final class HeldPlaceService: PlaceService, Sendable {
    private let inner = FixturePlaceService()
    private let waiting = Mutex<[Int: CheckedContinuation<Result<Void, ServiceError>, Never>]>([:])
    private let nextID = Mutex(0)

    var waitingCount: Int { waiting.withLock { $0.count } }

    func suggestions(for query: String) async throws(ServiceError) -> [Place] {
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, ServiceError>, Never>) in
                let cancelledAlready = waiting.withLock { table -> Bool in
                    if Task.isCancelled { return true }
                    table[id] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            let continuation = waiting.withLock { $0.removeValue(forKey: id) }
            continuation?.resume(returning: .failure(.cancelled))
        }
        try outcome.get()
        return try await inner.suggestions(for: query)
    }

    /// Lets every waiting look-up answer.
    func release() {
        let released = waiting.withLock { table in
            defer { table.removeAll() }
            return Array(table.values)
        }
        for continuation in released { continuation.resume(returning: .success(())) }
    }
}

@MainActor
struct ModuleHarness {
    private(set) var places: FixturePlaceService
    let router: SpyRouter
    let terminal: VirtualTerminal
    let screen: any Screen

    init(
        input: FlightSearchInput = FlightSearchInput(), interactive: Bool = false, columns: Int = 80,
        now: Date = TestClock.searchDay, places: FixturePlaceService = FixturePlaceService()
    ) {
        self.init(input: input, interactive: interactive, columns: columns, now: now, service: places)
        self.places = places
    }

    init(
        input: FlightSearchInput = FlightSearchInput(), interactive: Bool = false, columns: Int = 80,
        now: Date = TestClock.searchDay, service: any PlaceService
    ) {
        places = FixturePlaceService()
        router = SpyRouter()
        terminal = VirtualTerminal(columns: columns, isInteractive: interactive)
        let builder = FlightSearchBuilder(places: service, now: { now }, timeZone: TestClock.londonZone)
        screen = builder.build(input: input, router: router, terminal: terminal)
    }
}

/// Polls `condition` (something no terminal event announces) until it holds, failing after `timeout`.
func poll(
    _ description: String, timeout: Duration = .seconds(30), isolation: isolated (any Actor)? = #isolation,
    until condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            throw VirtualTerminalTimeout(condition: description, timeout: timeout, screen: [])
        }
        await Task.yield()
    }
}
