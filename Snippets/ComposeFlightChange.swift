// Shows Flights' change screen in another team's tool: FlightChange built over FixtureServices' order and order
// change services, with the tool's own router. A booking made on the fixtures moves its flight three days later:
// the plan given, the traveller takes the first change offer (`1`) and confirms it (`y`), and the router hears the
// booking with its new flight.
import Entities
import FixtureServices
import FlightChange
import TerminalUI

/// The tool's way out of the change. The screen holds the router weakly, so the tool keeps it.
@MainActor
final class ChangeToolRouter: FlightChangeRouter {
    var outcome: FlightChangeOutcome?
    func changeDidFinish(_ outcome: FlightChangeOutcome) { self.outcome = outcome }
    func changeDidGoBack() {}
}

let orders = FixtureOrderService()
let order = try await orders.createOrder(OrderCreation(type: .instant, selectedOffers: ["off_1"], passengers: [], payments: []))
let router = ChangeToolRouter()
let terminal = VirtualTerminal(isInteractive: false, input: [.line("1"), .line("y")], endsWhenEmpty: true)
let builder = FlightChangeBuilder(changes: FixtureOrderChangeService(orders: orders), orders: orders)
let input = FlightChangeInput(order: order, plan: FlightChangePlan(moves: [.init(slice: 0, day: "+3")]))
await builder.build(input: input, router: router, terminal: terminal).run()

print(terminal.text)
if case .changed(let changed)? = router.outcome {
    print("Now departing:", changed.slices.first?.departingAt.map(String.init(describing:)) ?? "?")
}
