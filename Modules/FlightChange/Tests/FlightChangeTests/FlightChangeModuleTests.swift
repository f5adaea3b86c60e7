import Foundation
import ModuleCore
import TerminalUI
import Testing
@testable import FlightChange

/// The module as a black box: built by its Builder, typed at on a virtual terminal, heard through its router.
@MainActor
@Suite("FlightChange through its Builder")
struct FlightChangeModuleTests {
    let noon: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_435_200) }

    @Test("what it opened is shown; Enter (a line off a TTY) finishes, Esc (b) goes back", arguments: [
        (true, VirtualInput.key(.enter), FlightChangeRoute.finish), (true, .key(.escape), .back),
        (false, .line(""), .finish), (false, .line("b"), .back),
    ])
    func typed(interactive: Bool, typed: VirtualInput, route: FlightChangeRoute) async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: interactive)
        let router = SpyFlightChangeRouter()
        let screen = FlightChangeBuilder(now: noon).build(input: FlightChangeInput(title: "Seats"), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Opened at 12:00:00.")
        try await terminal.waitForOutput(containing: interactive ? "Esc to go back:" : "b to go back:")
        try await terminal.waitUntilAwaitingInput()
        terminal.feed([typed])
        await running.value
        #expect(terminal.text.contains("Seats"))
        #expect(router.left == [route])
    }

    @Test("every role is freed with the screen")
    func lifetime() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, endsWhenEmpty: true)
        let router = SpyFlightChangeRouter()
        weak var weakScreen: ScreenRunner<FlightChangeReducer>?
        do {
            let screen = FlightChangeBuilder(now: noon).build(input: FlightChangeInput(title: "Seats"), router: router, terminal: terminal)
            let runner = try #require(screen as? ScreenRunner<FlightChangeReducer>)
            weakScreen = runner
            await screen.run()
            await runner.settled()
        }
        #expect(router.left == [.back])
        #expect(weakScreen == nil)
    }
}

@MainActor
final class SpyFlightChangeRouter: FlightChangeRouter {
    var left: [FlightChangeRoute] = []
    func flightChangeDidFinish() { left.append(.finish) }
    func navigateBack() { left.append(.back) }
}
