import Entities
import FlightAvailability
import FlightSummary
import ModuleCore
import Services
import TerminalUI

/// This team's own flow: offers for a known route → the chosen offer booked → done. It implements the two
/// modules' router contracts and keeps the screens; Flights' own App is nowhere in it.
@MainActor
final class RebookingFlow: FlightAvailabilityRouter, FlightSummaryRouter {
    private let availability: FlightAvailabilityBuilder
    private let summary: FlightSummaryBuilder
    private let terminal: any Terminal
    /// Flights' navigator: the stack of screens, the cancel-on-push, the end of the flow on Ctrl-C or the end of
    /// the input.
    private let navigator = Navigator()
    /// What the run came to, for the exit status.
    private(set) var result: Result = .left

    enum Result: Equatable {
        case left
        case listed(Int)
        case noOffers
        case booked(reference: String)
        case failed(String)
    }

    init(availability: FlightAvailabilityBuilder, summary: FlightSummaryBuilder, terminal: any Terminal) {
        self.availability = availability
        self.summary = summary
        self.terminal = terminal
    }

    /// Shows the offers for `request` and runs until the traveller books or leaves.
    func run(_ request: SearchRequest) async {
        navigator.push(availability.build(input: FlightAvailabilityInput(request: request), router: self, terminal: terminal))
        await navigator.run()
    }

    // MARK: FlightAvailabilityRouter

    func availabilityDidChoose(offer: Offer, search: SearchRequest) {
        navigator.push(summary.build(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: search), router: self, terminal: terminal))
    }

    func availabilityDidGoBack() {
        navigator.pop()
    }

    // MARK: FlightSummaryRouter

    func summaryDidGoBack() {
        navigator.pop()
    }

    func summaryDidBook(_ order: Order) {
        // Heard the moment it is made: even if the input ends now, the run says it booked.
        result = .booked(reference: order.bookingReference)
    }

    func summaryDidFindBookingMadeEarlier(_ record: BookingRecord) {
        // Made by an earlier attempt, and not readable now: booked all the same.
        result = .booked(reference: record.bookingReference ?? record.bookingKey)
    }

    func summaryDidFinish(_ order: Order) {
        // This tool has no bookings screen: the new booking is the end of its story.
        navigator.finish()
    }
}
