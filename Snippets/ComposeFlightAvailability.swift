// Shows Flights' offers for a search in another team's tool: FlightAvailability built over FixtureServices' offer
// service (recorded LHR → JFK offers, no network), with the tool's own router, run on a VirtualTerminal. Typing
// `2` chooses the second offer; the router hears it with the search that found it.
import Entities
import FixtureServices
import FlightAvailability
import Foundation
import TerminalUI

/// The tool's way out of the offers. Choosing does not end the screen: the composer covers it with the next one by
/// cancelling the task that runs it, as a navigator would.
@MainActor
final class OffersRouter: FlightAvailabilityRouter {
    var chosen: Offer?
    var showing: Task<Void, Never>?

    func availabilityDidChoose(offer: Offer, search: SearchRequest) {
        chosen = offer
        showing?.cancel()
    }
    func availabilityDidGoBack() { showing?.cancel() }
}

// The recorded offers were priced on 22 Nov 2026; a clock set then keeps them valid in this run.
let recordedAt = Date(timeIntervalSince1970: 1_795_342_800)
let december18 = CalendarDate(year: 2026, month: 12, day: 18) ?? CalendarDate(recordedAt, in: .gmt)
let search = SearchRequest(
    slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: december18)], passengers: [.adult])

let router = OffersRouter()
let terminal = VirtualTerminal(columns: 100, input: [.line("2")], endsWhenEmpty: true)
let screen = FlightAvailabilityBuilder(offers: FixtureOfferService(), now: { recordedAt }, timeZone: .gmt)
    .build(input: FlightAvailabilityInput(request: search, sort: .price), router: router, terminal: terminal)
router.showing = Task { await screen.run() }
await router.showing?.value

print(terminal.screen.prefix(8).joined(separator: "\n"))
print("Chosen:", router.chosen.map { "\($0.id), \($0.totalAmount)" } ?? "nothing")
