// Shows Flights' bookings screen in another team's tool: FlightBookings built over FixtureServices' order service
// and a booking store in memory, with the tool's own router. With nothing booked yet the list says so and offers a
// new search; `n` asks the router for one.
import FixtureServices
import FlightBookings
import TerminalUI

/// The tool's way out of the bookings: a new search is the tool's own to show. The screen holds the router weakly,
/// so the tool keeps it.
@MainActor
final class BookingsRouter: FlightBookingsRouter {
    var wantsSearch = false

    func bookingsDidAskForSearch() { wantsSearch = true }
    func bookingsDidGoBack() {}
}

let router = BookingsRouter()
let terminal = VirtualTerminal(input: [.line("n")], endsWhenEmpty: true)
let builder = FlightBookingsBuilder(orders: FixtureOrderService(), bookings: FixtureBookingStore(), backend: "fixtures")
let screen = builder.build(input: FlightBookingsInput(), router: router, terminal: terminal)
await screen.run()

print(terminal.text)
print("New search asked:", router.wantsSearch)
