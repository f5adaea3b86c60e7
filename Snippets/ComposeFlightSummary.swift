// Books an offer with Flights' summary screen from another team's tool, unattended (as `flights book --yes`
// does): FlightSummary built over FixtureServices' offer and order services and an in-memory booking store, with
// the tool's own router. The screen re-checks the price, validates the traveller, books and tells the router.
import Entities
import FixtureServices
import FlightSummary
import Foundation
import TerminalUI

/// The tool's way out of the summary. An unattended run ends in `summaryDidFinish(_:)`, whose outcome the tool turns
/// into its exit status; the screen holds the router weakly, so the tool keeps it.
@MainActor
final class BookingRouter: FlightSummaryRouter {
    var outcome: FlightSummaryOutcome?

    func navigateBackToAvailability() {}
    func navigateToBookings(highlighting order: Order) {}
    func summaryDidFinish(_ outcome: FlightSummaryOutcome) { self.outcome = outcome }
}

// The recorded offer expires on 22 Nov 2026 at 10:45 UTC; a clock set before then keeps it bookable.
let recordedAt = Date(timeIntervalSince1970: 1_795_342_800)
let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
let traveller = FlightSummaryInput.Traveller(
    title: "ms", givenName: "Imogen", familyName: "Fairweather", bornOn: "1990-04-12", gender: "f",
    email: "imogen@example.com", phoneNumber: "+44 20 7946 0123")

let router = BookingRouter()
let terminal = VirtualTerminal()
let builder = FlightSummaryBuilder(
    offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
    backend: "fixtures", now: { recordedAt }, timeZone: .gmt)
let input = FlightSummaryInput(offerID: offer.id, mode: .unattended(travellers: [traveller], assumeYes: true))
let screen = builder.build(input: input, router: router, terminal: terminal)
await screen.run()

if case .booked(let order)? = router.outcome { print("Booked:", order.bookingReference) }
