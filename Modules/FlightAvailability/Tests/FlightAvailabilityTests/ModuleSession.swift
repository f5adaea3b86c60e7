import Entities
import FixtureServices
import FlightAvailability
import Foundation
import Services
import TerminalUI

/// The module as the App sees it: built only through its Builder, driven on a virtual terminal by keys (a TTY)
/// or typed lines (a pipe), read off the screen.
@MainActor
final class Session {
    let terminal: VirtualTerminal
    let service: FixtureOfferService
    let router = SpyAvailabilityRouter()
    let running: Task<Void, Never>

    init(
        _ request: SearchRequest = Searches.oneWay, interactive: Bool, columns: Int = 80,
        service: FixtureOfferService = FixtureOfferService(), offers: (any OfferService)? = nil,
        rows: Int = 24
    ) {
        let terminal = VirtualTerminal(columns: columns, isInteractive: interactive)
        terminal.rows = rows
        self.terminal = terminal
        self.service = service
        let screen = FlightAvailabilityBuilder(offers: offers ?? service, now: { recordingNow }, timeZone: london)
            .build(input: FlightAvailabilityInput(request: request), router: router, terminal: terminal)
        running = Task { await screen.run() }
    }

    var screenText: String { terminal.screen.joined(separator: "\n") }

    /// Waits for the screen to settle on text containing `fragment`, ready for the next input.
    func settle(on fragment: String) async throws {
        try await terminal.wait(for: "the screen to show \"\(fragment)\" and await input") {
            $0.isAwaitingInput && $0.screen.joined(separator: "\n").contains(fragment)
        }
    }

    func stop() async {
        running.cancel()
        await running.value
    }
}
