import TerminalUI
import Testing
@testable import FlightSeats

@MainActor
@Suite("FlightSeats through its Builder")
struct FlightSeatsModuleTests {
    @Test("shows its title, and Enter finishes", arguments: [false, true])
    func showsAndFinishes(interactive: Bool) async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: interactive)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(now: fixedNow).build(input: FlightSeatsInput(title: "Seats"), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Seats")
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("")
        // Leaving ends the screen's run: nothing is left to ask.
        await running.value
        #expect(router.finished == 1)
        #expect(router.backs == 0)
    }

    @Test("every role is freed with the screen")
    func lifetime() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, endsWhenEmpty: true)
        let router = SpyFlightSeatsRouter()
        weak var weakView: FlightSeatsTerminalView?
        weak var weakPresenter: FlightSeatsPresenter?
        do {
            let screen = FlightSeatsBuilder(now: fixedNow).build(input: FlightSeatsInput(title: "Seats"), router: router, terminal: terminal)
            let view = try #require(screen as? FlightSeatsTerminalView)
            weakView = view
            weakPresenter = view.presenter
            await screen.run()
        }
        #expect(router.backs == 1)
        #expect(weakView == nil)
        #expect(weakPresenter == nil)
    }
}
