import Entities
import FlightAvailability
import FlightSummary
import Services
import TerminalUI

/// This team's own flow: offers for a known route → the chosen offer booked → done. It implements the two
/// modules' router contracts and keeps the screens; Flights' own App is nowhere in it.
@MainActor
final class RebookingFlow: FlightAvailabilityRouter, FlightSummaryRouter {
    private let availability: FlightAvailabilityBuilder
    private let summary: FlightSummaryBuilder
    private let terminal: any Terminal
    private var screens: [any Screen] = []
    private var showing: Task<ScreenExit, Never>?
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
        screens = [availability.build(input: FlightAvailabilityInput(request: request), router: self, terminal: terminal)]
        while let screen = screens.last {
            let count = screens.count
            let task = Task { await screen.run() }
            showing = task
            let exit = await task.value
            // Ctrl-C or the end of the input ends the whole flow; a screen done without moving anywhere too.
            if exit == .interrupted || exit == .ended { break }
            if screens.count == count, screens.last === screen { break }
        }
    }

    private func show(_ screens: [any Screen]) {
        self.screens = screens
        showing?.cancel()
    }

    // MARK: FlightAvailabilityRouter

    func navigateToSummary(offer: Offer, search: SearchRequest) {
        show(screens + [summary.build(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: search), router: self, terminal: terminal)])
    }

    func navigateBack() {
        show(Array(screens.dropLast()))
    }

    // MARK: FlightSummaryRouter

    func navigateBackToAvailability() {
        show(Array(screens.dropLast()))
    }

    func navigateToBookings(highlighting order: Order) {
        // This tool has no bookings screen: the new booking is the end of its story.
        result = .booked(reference: order.bookingReference)
        show([])
    }
}
