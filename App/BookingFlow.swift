import Entities
import FlightAvailability
import FlightBookings
import FlightChange
import FlightSearch
import FlightSeats
import FlightSummary
import FlightWatches
import ModuleCore
import Services
import TerminalUI

/// The booking story, told in one place. Each module says where it wants to go through its router; this is the
/// one object that knows which module comes next and what it needs:
///
///     FlightSearch ──SearchRequest──► FlightAvailability ──Offer──► FlightSummary ──Order──► FlightBookings
///          ▲                                 │ back                     │ ▲ back / offer gone    │ new search
///          └─────────────────────────────────┴──────────────────────────┼─┼──────────────────────┘
///                                                   Offer, seats so far │ │ seats chosen
///                                           FlightSeats (optional: before the passengers' details, or from the review)
///
/// Interactive runs start at the search, at the bookings list (`flights start --bookings`), at the price watches
/// (`flights start --watches`: one searched again opens its offers, as a search does), or at the change screen
/// (`flights change REF` without a plan, which asks). Every other command is a face over the trip's core with no
/// screen (`CommandRuntime`): it asks a use case and prints its typed answer.
@MainActor
final class BookingFlow {
    let navigator: Navigator
    let modules: ModuleFactory
    /// How a run that started at a screen ended (the change screen's outcome); `nil` while running.
    private(set) var outcome: FlowOutcome?
    /// The summary on screen, and its offer: left for the offers, it is set aside, so that choosing the same offer
    /// again comes back to it as it was, the passengers' details typed kept (another offer lets it go).
    private weak var shownSummary: (any Screen)?
    private var shownSummaryOfferID: String?
    /// Whether the change screen on top was opened from a booking's screen (rather than by `flights change`).
    private var changeFromBookings = false
    /// The offers screen opened from the watches (a watch searched again), whose screen beneath is the watches.
    private weak var offersOverWatches: (any Screen)?

    init(navigator: Navigator, modules: ModuleFactory) {
        self.navigator = navigator
        self.modules = modules
    }

    // MARK: Entry points

    /// The interactive app: a search form.
    func startSearch() {
        navigator.push(modules.search(input: FlightSearchInput(), router: self))
    }

    /// The bookings screen (`flights start --bookings`).
    func startBookings(_ input: FlightBookingsInput) {
        navigator.push(modules.bookings(input: input, router: self))
    }

    /// The price watches (`flights start --watches`).
    func startWatches(_ input: FlightWatchesInput) {
        guard let screen = modules.watches(input: input, router: self)
        else { return end(.cannotUseWatchesFile) }
        navigator.push(screen)
    }

    /// A booked flight moved to another day (`flights change REF`).
    func startChange(_ input: FlightChangeInput) {
        guard let screen = modules.change(input: input, router: self)
        else { return end(.backendError("This backend makes no order changes.")) }
        navigator.push(screen)
    }

    /// Ends the run with `outcome` (the command's exit status).
    func end(_ outcome: FlowOutcome) {
        self.outcome = outcome
        navigator.finish()
    }
}

// MARK: Search → availability

extension BookingFlow: FlightSearchRouter {
    func searchDidSearch(for request: SearchRequest) {
        navigator.releaseSetAside()
        navigator.push(modules.availability(input: FlightAvailabilityInput(request: request), router: self))
    }

    /// Leaving the first screen ends the app.
    func searchDidGoBack() {
        goBack()
    }

    /// Every module's way back is the same move: the screen beneath comes back, as it was.
    private func goBack() {
        changeFromBookings = false
        navigator.pop()
    }
}

// MARK: Availability → summary

extension BookingFlow: FlightAvailabilityRouter {
    func availabilityDidGoBack() {
        goBack()
    }

    /// After other days were chosen in the date grid, the search comes back showing them: the form beneath is
    /// built again from the search as shown, and opens on its review.
    func availabilityDidGoBack(withSearch search: SearchRequest) {
        // Beneath offers opened from the watches is the watches screen, not a search form to show the days on.
        if let offers = offersOverWatches, navigator.top === offers { return goBack() }
        navigator.pop()
        guard !navigator.stack.isEmpty else { return }
        navigator.replaceTop(with: modules.search(input: FlightSearchInput(search: search), router: self))
    }

    func availabilityDidChoose(offer: Offer, search: SearchRequest) {
        let screen = navigator.takeSetAside(offer.id)
            ?? modules.summary(
                input: FlightSummaryInput(offerID: offer.id, offer: offer, search: search, afterBooking: "see your bookings"),
                router: self)
        shownSummary = screen
        shownSummaryOfferID = offer.id
        navigator.push(screen)
    }
}

// MARK: Summary → booked → bookings

extension BookingFlow: FlightSummaryRouter {
    func summaryDidGoBack() {
        if let offerID = shownSummaryOfferID, let shown = shownSummary, navigator.top === shown {
            navigator.pop(settingAsideAs: offerID)
        } else {
            navigator.pop()
        }
    }

    /// The booking is kept in the store already and the summary shows it; the bookings follow once it is read.
    func summaryDidBook(_ order: Order) {}

    func summaryDidFinish(_ order: Order) {
        // The booking is done: the search form stays beneath, so "new search" comes back to it.
        let bookings = modules.bookings(
            input: FlightBookingsInput(request: .list, highlight: order.bookingReference), router: self)
        if let search = navigator.stack.first, navigator.stack.count > 1 {
            navigator.reset(to: search)
            navigator.push(bookings)
        } else {
            navigator.reset(to: bookings)
        }
    }
}

extension BookingFlow: FlightBookingsRouter {
    func bookingsDidAskForSearch() {
        if navigator.stack.count > 1 {
            navigator.pop()
        } else {
            navigator.reset(to: modules.search(input: FlightSearchInput(), router: self))
        }
    }

    func bookingsDidGoBack() {
        goBack()
    }

    /// `m` on a booking: the change screen over it.
    func bookingsDidAskToChange(_ order: Order) {
        guard let screen = modules.change(input: FlightChangeInput(order: order), router: self) else { return }
        changeFromBookings = true
        navigator.push(screen)
    }

}

extension BookingFlow: FlightWatchesRouter {
    /// `s` on a watch: its search's offers over the watches, as any search's; back comes back to the watch.
    func watchesDidAskToSearch(_ search: SearchRequest) {
        let offers = modules.availability(input: FlightAvailabilityInput(request: search), router: self)
        offersOverWatches = offers
        navigator.push(offers)
    }

    func watchesDidGoBack() {
        navigator.pop()
    }
}

extension BookingFlow: FlightChangeRouter {
    func changeDidGoBack() {
        goBack()
    }

    func changeDidFinish(_ outcome: FlightChangeOutcome) {
        if changeFromBookings {
            // Back to the booking: read again, with its new flights, when it changed.
            changeFromBookings = false
            navigator.pop()
            if case .changed(let order) = outcome, !navigator.stack.isEmpty {
                navigator.replaceTop(with: modules.bookings(
                    input: FlightBookingsInput(request: .show(reference: order.bookingReference)), router: self))
            }
            return
        }
        switch outcome {
        case .changed: end(.done)
        case .declined, .priceChanged: end(.declined)
        case .invalid: end(.badInput)
        case .refused(let reason), .failed(let reason): end(.backendError(reason))
        }
    }
}
