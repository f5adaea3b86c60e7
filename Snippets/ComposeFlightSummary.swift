// Books an offer with Flights' summary screen from another team's tool: FlightSummary built over FixtureServices'
// offer and order services and an in-memory booking store, with the tool's own router, on a VirtualTerminal whose
// answers are typed in advance. The screen re-checks the price, asks the traveller's details, shows the review,
// books once confirmed, and tells the router.
import Entities
import FixtureServices
import FlightSummary
import Foundation
import TerminalUI

/// The tool's way out of the summary; the screen holds the router weakly, so the tool keeps it.
@MainActor
final class BookingRouter: FlightSummaryRouter {
    var booked: Order?

    func summaryDidGoBack() {}
    /// Told the moment the booking is made, whatever the traveller does next.
    func summaryDidBook(_ order: Order) { booked = order }
    /// The traveller pressed Enter on the booking shown: this tool has nothing more to show.
    func summaryDidFinish(_ order: Order) {}
}

// The recorded offer expires on 22 Nov 2026 at 10:45 UTC; a clock set before then keeps it bookable.
let recordedAt = Date(timeIntervalSince1970: 1_795_342_800)
let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data

// Go on to the details; title, names, birth date, gender, email, phone; book and pay (1), yes. The input ends there,
// as a kiosk's might: the router has heard of the booking already.
let answers = ["y", "ms", "Imogen", "Fairweather", "1990-04-12", "f", "imogen@example.com", "+442079460123", "1", "y"]
let router = BookingRouter()
let terminal = VirtualTerminal(columns: 100, input: answers.map { .line($0) }, endsWhenEmpty: true)
let builder = FlightSummaryBuilder(
    offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
    backend: "fixtures", now: { recordedAt }, timeZone: .gmt)
let screen = builder.build(input: FlightSummaryInput(offerID: offer.id, offer: offer), router: router, terminal: terminal)
await screen.run()

print("Booked:", router.booked?.bookingReference ?? "nothing")
