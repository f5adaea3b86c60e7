// Lets a traveller choose a seat with Flights' seat map in another team's tool: FlightSeats built over
// FixtureServices' extras service (a recorded 3-3-3 economy map), with the tool's own router, run on a
// VirtualTerminal. `31A` is taken, so the screen says so and asks again; `36B` is free; Enter confirms.
import Entities
import FixtureServices
import FlightSeats
import TerminalUI

/// The tool's way out of the seat map: the seats come back here, to be booked with the order. The screen holds the
/// router weakly, so the tool keeps it.
@MainActor
final class SeatsRouter: FlightSeatsRouter {
    var seats: [SeatChoice] = []

    func seatsDidChoose(_ seats: [SeatChoice]) { self.seats = seats }
    func seatsDidGoBack() {}
}

let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
let router = SeatsRouter()
let terminal = VirtualTerminal(columns: 100, input: [.line("31A"), .line("36B"), .line("")], endsWhenEmpty: true)
let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
    .build(input: FlightSeatsInput(offer: offer), router: router, terminal: terminal)
await screen.run()

print(router.seats.map(\.designator))
