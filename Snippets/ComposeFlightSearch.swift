// Shows Flights' search form in another team's tool: FlightSearch built over FixtureServices' place service (no
// network), with the tool's own router, run on a VirtualTerminal whose answers are typed in advance. A real tool
// passes a `DuffelClient`'s `placeService` and a `SystemTerminal` instead; nothing else changes.
import Entities
import FixtureServices
import FlightSearch
import TerminalUI

/// The tool's way out of the form. The screen holds it weakly, so the tool keeps it.
@MainActor
final class SearchRouter: FlightSearchRouter {
    var request: SearchRequest?

    func searchDidSearch(for request: SearchRequest) { self.request = request }
    func searchDidGoBack() {}
}

let router = SearchRouter()
// From, its suggestion, To, its suggestion, a date 30 days ahead, no return, and Enter to search.
let answers = ["lon", "", "new york", "", "+30", "", ""]
let terminal = VirtualTerminal(input: answers.map { .line($0) }, endsWhenEmpty: true)
let screen = FlightSearchBuilder(places: FixturePlaceService())
    .build(input: FlightSearchInput(adults: 2), router: router, terminal: terminal)
// `run()` returns once the screen has called the router, or the input ended.
await screen.run()

if let request = router.request {
    print(request.slices.map { "\($0.origin) → \($0.destination) on \($0.departureDate)" }, request.passengers)
}
