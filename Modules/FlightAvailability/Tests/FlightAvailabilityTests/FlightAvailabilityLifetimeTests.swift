import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips

/// Weak references to every role of one built module: the screen (ModuleCore's runner, which holds the state and
/// runs the work) and the router.
@MainActor
private struct Roles {
    weak var screen: AnyObject?
    weak var router: SpyAvailabilityRouter?
}

@Suite("Lifetime: dropping the screen frees every role")
@MainActor
struct FlightAvailabilityLifetimeTests {
    /// Builds the module, runs it to `ready`, does `action`, stops it, and returns weak references to its roles
    /// once every strong reference made here is gone.
    private func runAndDrop(
        service: FixtureOfferService, offers: (any OfferService)? = nil, interactive: Bool = true,
        ready: String, action: (VirtualTerminal) async throws -> Void = { _ in }
    ) async throws -> Roles {
        let terminal = VirtualTerminal(isInteractive: interactive)
        var roles = Roles()
        do {
            let router = SpyAvailabilityRouter()
            let screen = FlightAvailabilityBuilder(offers: offers ?? service, now: { recordingNow }, timeZone: london)
                .build(input: FlightAvailabilityInput(request: Searches.oneWay), router: router, terminal: terminal)
            roles.screen = try #require(screen as? ScreenRunner<FlightAvailabilityReducer>)
            roles.router = router
            let running = Task { await screen.run() }
            try await terminal.wait(for: ready) { $0.isAwaitingInput && $0.screen.joined().contains(ready) }
            try await action(terminal)
            running.cancel()
            _ = await running.value
        }
        return roles
    }

    @Test("after results and a choice")
    func afterResults() async throws {
        let roles = try await runAndDrop(service: FixtureOfferService(), ready: "›1.") { terminal in
            terminal.press(.enter)
            try await terminal.waitUntilAwaitingInput()
        }
        #expect(roles.screen == nil)
        #expect(roles.router == nil)
    }

    @Test("with a search cancelled before the service answered")
    func withAbandonedSearch() async throws {
        let service = FixtureOfferService()
        service.holdSearches()
        let roles = try await runAndDrop(service: service, ready: "Searching flights") { terminal in
            terminal.press(.escape)
            try await terminal.wait(for: "cancelled") { $0.isAwaitingInput && $0.screen.joined().contains("Search cancelled.") }
        }
        // Cancelling the screen's search cancels the request itself: nothing is left waiting on the service.
        #expect(service.heldSearchCount == 0)
        #expect(roles.screen == nil)
        service.releaseSearches()
    }

    @Test("with flexible-date searches still running when the screen is removed")
    func withFlexibleSearchesRunning() async throws {
        let base = FixtureOfferService()
        let roles = try await runAndDrop(service: base, interactive: false, ready: "Offer number or command:") { terminal in
            base.holdSearches()
            terminal.enter("dates")
            try await eventually("day searches held") { base.heldSearchCount == 4 }
        }
        #expect(roles.screen == nil)
        base.releaseSearches()
    }
}
