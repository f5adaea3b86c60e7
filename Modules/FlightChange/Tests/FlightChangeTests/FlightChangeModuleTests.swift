import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightChange

/// The module as a black box: built by its Builder, typed at on a virtual terminal, heard through its router and
/// the change service it was given.
@MainActor
@Suite("FlightChange through its Builder")
struct FlightChangeModuleTests {
    func build(_ changes: ScriptedChanges, _ input: FlightChangeInput, terminal: VirtualTerminal, router: SpyFlightChangeRouter) -> any Screen {
        var builder = FlightChangeBuilder(changes: changes, orders: changes, now: { noon }, timeZone: utc)
        builder.lookupDelays = [.zero, .zero]
        return builder.build(input: input, router: router, terminal: terminal)
    }

    @Test("on a terminal: the return moved three days later, the offers compared, y pays the difference once", arguments: [60, 80, 120])
    func movesTheReturn(columns: Int) async throws {
        let offer = changeOffer("oco_1", to: "2026-12-29", total: 55)
        var moved = roundTrip()
        moved.slices[1] = offer.slices.add[0]
        let changes = ScriptedChanges(.init(offers: [offer, changeOffer("oco_2", to: "2026-12-29", total: 90)], order: moved))
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        terminal.rows = 40
        let router = SpyFlightChangeRouter()
        let screen = build(changes, FlightChangeInput(order: roundTrip()), terminal: terminal, router: router)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Which flights move?")
        terminal.enter("2")
        try await terminal.waitForOutput(containing: "New day for the return")
        terminal.enter("29 dec")
        try await terminal.waitForOutput(containing: "Cabin (Enter keeps economy)")
        terminal.enter("")
        try await terminal.waitForOutput(containing: "Offer to take")
        #expect(terminal.text.contains("£55.00 to pay"))
        #expect(terminal.screen.allSatisfy { $0.count <= columns })
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "Change the booking, £55.00 to pay?")
        terminal.type("y")
        _ = await running.value
        #expect(terminal.text.contains("Booking RZPVXC is changed. £55.00 was paid."))
        #expect(changes.confirmations.withLock { $0.map(\.payment) } == [Payment(amount: gbp(55))])
        #expect(changes.requests.withLock { $0.map(\.slices.add.first?.departureDate) } == [day("2026-12-29")])
        #expect(router.left == [.finished(.changed(moved))])
    }

    @Test("a lost answer to the confirmation is read, found made, and never sent twice")
    func lostAnswer() async throws {
        let offer = changeOffer("oco_1", to: "2026-12-29", total: 55)
        let changes = ScriptedChanges(.init(offers: [offer], confirmFailure: .timedOut, confirmedWhenRead: true))
        // The plan given, the first offer chosen and the change confirmed, on typed lines.
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, input: [.line("1"), .line("y")], endsWhenEmpty: true)
        let router = SpyFlightChangeRouter()
        let plan = FlightChangePlan(moves: [.init(slice: 1, day: "+3")])
        let screen = build(changes, FlightChangeInput(order: roundTrip(), plan: plan), terminal: terminal, router: router)
        await screen.run()
        #expect(changes.confirmations.withLock { $0.count } == 1)
        #expect(terminal.text.contains("is changed (the answer was lost;"))
        guard case .finished(.changed)? = router.left.first else {
            Issue.record("left as \(router.left)")
            return
        }
    }

    @Test("a booking named by its reference is found, then changed; an unknown one is said")
    func byReference() async throws {
        let offer = changeOffer("oco_1", to: "2026-12-29", total: 55)
        let plan = FlightChangePlan(moves: [.init(slice: 1, day: "+3")])
        for (reference, found) in [("RZPVXC", true), ("NOSUCH", false)] {
            let changes = ScriptedChanges(.init(offers: [offer]))
            let terminal = VirtualTerminal(
                columns: 80, isInteractive: false, input: [.line("1"), .line("y")], endsWhenEmpty: true)
            let router = SpyFlightChangeRouter()
            let input = FlightChangeInput(reference: reference, plan: plan)
            await build(changes, input, terminal: terminal, router: router).run()
            #expect(changes.confirmations.withLock { $0.count } == (found ? 1 : 0))
            #expect(terminal.text.contains("No booking has the reference NOSUCH.") == !found)
        }
    }

    @Test("a fare that cannot be changed sends nothing, and says so")
    func notChangeable() async throws {
        let changes = ScriptedChanges(.init())
        let terminal = VirtualTerminal(columns: 80, isInteractive: false)
        let router = SpyFlightChangeRouter()
        let screen = build(changes, FlightChangeInput(order: roundTrip(changes: Condition(allowed: false))),
                           terminal: terminal, router: router)
        await screen.run()
        #expect(terminal.text.contains("cannot be changed: its fare does not allow changes"))
        #expect(changes.requests.withLock { $0.isEmpty })
    }

    @Test("every role is freed with the screen")
    func lifetime() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, endsWhenEmpty: true)
        let router = SpyFlightChangeRouter()
        weak var weakScreen: ScreenRunner<FlightChangeReducer>?
        do {
            let screen = build(ScriptedChanges(.init()), FlightChangeInput(order: roundTrip()), terminal: terminal, router: router)
            let runner = try #require(screen as? ScreenRunner<FlightChangeReducer>)
            weakScreen = runner
            await screen.run()
            await runner.settled()
        }
        #expect(router.left == [.back])
        #expect(weakScreen == nil)
    }
}
