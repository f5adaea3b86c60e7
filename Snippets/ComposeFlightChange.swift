// Shows Flights' FlightChange screen in another team's tool, with the tool's own router, on a VirtualTerminal whose
// input is typed in advance: Enter finishes the screen, and the router hears it.
import FlightChange
import TerminalUI

/// The tool's way out of the screen. The screen holds the router weakly, so the tool keeps it.
@MainActor
final class FlightChangeToolRouter: FlightChangeRouter {
    var finished = false
    func flightChangeDidFinish() { finished = true }
    func navigateBack() {}
}

let router = FlightChangeToolRouter()
let terminal = VirtualTerminal(input: [.line("")], endsWhenEmpty: true)
let screen = FlightChangeBuilder().build(input: FlightChangeInput(title: "FlightChange"), router: router, terminal: terminal)
await screen.run()
print(terminal.text)
print("Finished:", router.finished)
