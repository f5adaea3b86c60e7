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

    func navigateToSummary(offer: Offer, search: SearchRequest) {
        navigator.push(summary.build(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: search), router: self, terminal: terminal))
    }

    func navigateBack() {
        navigator.pop()
    }

    // MARK: FlightSummaryRouter

    func navigateBackToAvailability() {
        navigator.pop()
    }

    func navigateToBookings(highlighting order: Order) {
        // This tool has no bookings screen: the new booking is the end of its story.
        result = .booked(reference: order.bookingReference)
        navigator.finish()
    }
}
