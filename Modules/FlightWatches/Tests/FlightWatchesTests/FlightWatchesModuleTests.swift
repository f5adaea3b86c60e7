import Entities
import FixtureServices
import Foundation
import ModuleCore
import TerminalUI
import Testing
import Trips
@testable import FlightWatches

/// The module as a black box: built by its Builder over a store of watches, typed at on a virtual terminal, heard
/// through its router.
@MainActor
@Suite("FlightWatches through its Builder")
struct FlightWatchesModuleTests {
    func build(_ store: FixtureWatchStore, _ terminal: VirtualTerminal, _ router: SpyWatchesRouter, open: Int? = nil) -> any Screen {
        FlightWatchesBuilder(
            watches: store, offers: FixtureOfferService(), now: { Date(timeIntervalSince1970: 1_900_600_000) }, timeZone: .gmt
        ).build(input: FlightWatchesInput(open: open), router: router, terminal: terminal)
    }

    @Test("the list at 60, 80 and 120 columns: each watch with its chart; one opened draws its history within the width", arguments: [60, 80, 120])
    func listAndChart(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let router = SpyWatchesRouter()
        let screen = build(try Watches.store(), terminal, router)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Your watches")
        #expect(terminal.text.contains("LHR → JFK"))
        #expect(terminal.text.contains("£395 ↓"))
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.enter)
        try await terminal.waitForOutput(containing: "s search it again")
        let shown = terminal.screen
        #expect(shown.filter { $0.contains("┤") }.count == 8, "\(shown.joined(separator: "\n"))")
        #expect(shown.allSatisfy { TerminalText.displayWidth(of: $0) <= columns }, "\(shown.joined(separator: "\n"))")
        // Six checks: the verdict is said, from the five before the last.
        #expect(terminal.text.contains("Low for this trip"), "\(terminal.text)")
        // The composer shows the search's offers over the screen, which stays beneath as it was.
        terminal.press(.character("s"))
        try await terminal.waitUntilAwaitingInput()
        #expect(router.left == [.search(Watches.search("LHR", "JFK"))])
        terminal.endInput()
        #expect(await running.value == .ended)
        #expect(router.left == [.search(Watches.search("LHR", "JFK")), .back])
    }

    @Test("removing asks first; n keeps it, y removes it from the store; Esc back to the list, Esc out")
    func removal() async throws {
        let store = try Watches.store()
        let terminal = VirtualTerminal(columns: 80, isInteractive: true)
        let router = SpyWatchesRouter()
        let running = Task { await build(store, terminal, router, open: 2).run() }
        try await terminal.waitForOutput(containing: "s search it again")
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.character("x"))
        try await terminal.waitForOutput(containing: "Remove watch 2 and its 1 check? y yes · n no")
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.character("n"))
        try await terminal.waitUntilAwaitingInput()
        #expect(try store.watches().count == 2)
        terminal.press(.character("x"))
        try await terminal.waitForOutput(containing: "Remove watch 2")
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.character("y"))
        try await terminal.waitForOutput(containing: "Watch 2 and its history are removed.")
        #expect(try store.watches().map(\.id) == [1])
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.escape)
        #expect(await running.value == .done)
        #expect(router.left == [.back])
    }

    @Test("off a terminal: a number opens a watch, check searches it and writes the check, back twice leaves")
    func lines() async throws {
        let store = try Watches.store()
        let terminal = VirtualTerminal(columns: 80, isInteractive: false)
        let router = SpyWatchesRouter()
        let running = Task { await build(store, terminal, router).run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("2")
        try await terminal.waitForOutput(containing: "Type search, check, remove or back:")
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("check")
        try await terminal.waitForOutput(containing: "Watch 2 CDG → NRT")
        #expect(try store.history(of: 2).count == 2)
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("back")
        try await terminal.waitForOutput(containing: "Choose 1–2, or b to go back")
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("b")
        #expect(await running.value == .done)
        #expect(router.left == [.back])
    }

    @Test("every role is freed with the screen")
    func lifetime() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, endsWhenEmpty: true)
        let router = SpyWatchesRouter()
        weak var weakScreen: ScreenRunner<FlightWatchesReducer>?
        do {
            let screen = build(try Watches.store(), terminal, router)
            let runner = try #require(screen as? ScreenRunner<FlightWatchesReducer>)
            weakScreen = runner
            await screen.run()
            await runner.settled()
        }
        #expect(router.left == [.back])
        #expect(weakScreen == nil)
    }
}

@MainActor
final class SpyWatchesRouter: FlightWatchesRouter {
    var left: [FlightWatchesRoute] = []
    func watchesDidAskToSearch(_ search: SearchRequest) { left.append(.search(search)) }
    func watchesDidGoBack() { left.append(.back) }
}
