import Entities
import TravelText
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI

/// Where the summary screen is. Each step has one prompt; the step is kept when the screen is covered, so it comes
/// back where it was.
enum FlightSummaryStep: Codable, Equatable, Sendable {
    case start
    /// The offer is being checked with the API for the first time.
    case checking
    case continueToDetails
    case field(passenger: Int, field: PassengerField)
    case review
    /// How many extra bags of a kind (``FlightSummaryState/bagGroups``) a passenger adds: on every flight (`nil`),
    /// or on the flight at this index once the traveller said they differ.
    case bag(group: Int, flight: Int?)
    case confirmBooking(OrderType)
    case confirmNewPrice(next: FlightSummaryContinuation)
    case recheckFailed(next: FlightSummaryContinuation)
    /// The booking (or the re-check just before it) is under way.
    case booking(OrderType)
    case lostAnswer(OrderType)
    case booked(Order)
    case leaving
}

/// What follows a re-check: passenger details (the first check) or the booking (the check before it).
enum FlightSummaryContinuation: Codable, Equatable, Sendable {
    case details
    case book(OrderType)
}

/// What the traveller is changing from the review.
enum FlightSummaryEditing: Codable, Equatable, Sendable {
    /// Every field of a passenger, then back to the review.
    case passenger(Int)
    /// One field the API refused, then back to the review.
    case field(Int, PassengerField)
}

/// Why the offer is being read again, so its answer goes on where it was asked from.
enum FlightSummaryCheck: Codable, Equatable, Sendable {
    /// Before passenger details are asked.
    case details
    /// Right before booking.
    case book(OrderType)
    /// The airline refused the order because the price moved: fetch the new one.
    case reprice(OrderType)
}

/// What the review offers.
enum FlightSummaryReviewOption: Equatable, Sendable {
    case book(OrderType)
    /// Seats on the seat maps (the seats screen).
    case seats
    /// Extra bags, one question per passenger (and kind) for every flight, flight by flight when they differ.
    case bags
    case change(Int)
    case backToOffers
}

/// A booking made on this screen, as shown when it was made.
struct FlightSummaryBooked: Codable, Equatable, Sendable {
    var order: Order
    var storeProblem: BookingStoreError?
}

/// Everything the summary screen knows: what was asked, the clock as last read, the offer as last checked, the
/// passengers' details as typed and where the traveller is.
struct FlightSummaryState: Codable, Equatable, Sendable {
    /// What was asked for.
    var input: FlightSummaryInput
    /// Where bookings are kept, for the traveller.
    var storeLocation: String
    /// The traveller's time zone, for deadlines and for "today".
    var timeZone: TimeZone
    /// The clock as last read (by the action that appeared the screen or answered a service call).
    var now: Date
    /// Where the screen is.
    var step: FlightSummaryStep = .start
    /// The offer as last checked with the API.
    var offer: Offer?
    /// A re-checked offer at a new price, until the traveller accepts it.
    var repricedOffer: Offer?
    /// The offer's passengers, in order.
    var slots: [PassengerSlot] = []
    /// What has been given for each passenger.
    var drafts: [PassengerDraft] = []
    /// What the traveller is changing from the review.
    var editing: FlightSummaryEditing?
    /// The check of the offer under way, and why it was asked.
    var checking: FlightSummaryCheck?
    /// The offer as known when the check under way was asked, to tell a new price from the same one.
    var knownBeforeCheck: Offer?
    /// Nothing is asked until the screen is shown again: it left through its router, or Ctrl-C or the end of the
    /// input stopped it. The step is kept, so it comes back where it was.
    var stopped = false
    /// The id of the last check asked; an answer to an older one is stale.
    var checkID = 0
    /// The booking made, once there is one.
    var booked: FlightSummaryBooked?
    /// Seats and bags chosen to go with the booking.
    var extras = FlightSummaryExtras()
    /// Whether the composer can show seat maps (the review offers seats then).
    var seatsOffered = false

    /// A screen for `input`, before it first appears.
    init(input: FlightSummaryInput, storeLocation: String, timeZone: TimeZone, now: Date, seatsOffered: Bool = false) {
        self.input = input
        self.seatsOffered = seatsOffered
        self.storeLocation = storeLocation
        self.timeZone = timeZone
        self.now = now
    }

    /// Whether the booking's answer was lost, or its earlier booking cannot be read: it may have been made.
    var isAwaitingLostAnswer: Bool {
        if case .lostAnswer = step { return true }
        return false
    }

    /// Whether the traveller is on the way to a booking not made yet (details, review, a confirmation).
    var isBeforeBooking: Bool {
        switch step {
        case .continueToDetails, .field, .review, .bag, .confirmBooking, .confirmNewPrice, .recheckFailed: true
        // A booking whose answer was lost may have been made: it is never said to be not booked.
        case .start, .checking, .booking, .booked, .leaving, .lostAnswer: false
        }
    }

    /// The passenger rules as of the clock last read.
    var rules: PassengerRules { PassengerRules(today: CalendarDate(now, in: timeZone)) }

    /// The fields asked of each passenger of this offer, in order.
    var askedFields: [PassengerField] {
        PassengerField.asked(documentsRequired: offer?.passengerIdentityDocumentsRequired ?? false)
    }

    /// The field asked after `field`, if any.
    func askedField(after field: PassengerField) -> PassengerField? {
        guard let index = askedFields.firstIndex(of: field), index + 1 < askedFields.count else { return nil }
        return askedFields[index + 1]
    }

    /// The field asked before `field`, if any.
    func askedField(before field: PassengerField) -> PassengerField? {
        guard let index = askedFields.firstIndex(of: field), index > 0 else { return nil }
        return askedFields[index - 1]
    }

    /// Every passenger's details for the order, once all of them are complete.
    var passengerDetails: [PassengerDetails]? {
        let required = offer?.passengerIdentityDocumentsRequired ?? false
        let details = zip(slots, drafts).compactMap { slot, draft in draft.details(id: slot.id, documentsRequired: required) }
        return details.count == slots.count ? details : nil
    }

    /// What the review offers now.
    var reviewOptions: [FlightSummaryReviewOption] {
        var options: [FlightSummaryReviewOption] = [.book(.instant)]
        if offer?.canBeHeld == true { options.append(.book(.hold)) }
        if seatsOffered { options.append(.seats) }
        if !bagServices.isEmpty { options.append(.bags) }
        options += slots.map { .change($0.index) }
        options.append(.backToOffers)
        return options
    }
}

/// Every user event of the summary screen and every service answer, as data. Answers carry the time the clock was
/// read as they came, so the reducer never reads it.
enum FlightSummaryAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after being covered), at `now`.
    case appeared(now: Date)
    /// A line was entered at a text prompt.
    case entered(String)
    /// A yes/no question was answered.
    case confirmed(Bool)
    /// An option of a choice was picked, by its index.
    case chose(Int)
    /// Enter at a "press Enter" prompt.
    case acknowledged
    /// Esc: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input (a second Ctrl-D, or a pipe ran dry).
    case inputEnded
    /// The screen was covered or popped.
    case disappeared
    /// The offer read again for the check asked under `id` came back.
    case offerRead(id: Int, Outcome<Offer, ServiceError>, now: Date)
    /// The seats screen handed these seats back through the router (they replace those chosen before).
    case seatsChosen([SeatChoice])
    /// A booking attempt ended.
    case bookingEnded(BookingAttempt, now: Date)
}

/// What re-reading the offer from the API found, as the rules read it (``FlightSummaryReducer/offerCheck(_:known:id:now:)``).
enum OfferCheck: Sendable, Hashable, Codable {
    /// Still on sale at the price known.
    case current(Offer)
    /// Still on sale, at another price.
    case priceChanged(old: Offer, new: Offer)
    /// Past its expiry on the clock, and the API could not be asked.
    case expired(Offer)
    /// The API no longer has it (404, or `offer_no_longer_available`); the message says so.
    case gone(String)
    /// It could not be checked (a timeout, an outage).
    case failed(ServiceError)
}

/// Seats and bags chosen to go with the booking: booked as the order's `services`, paid with the fare.
struct FlightSummaryExtras: Codable, Equatable, Sendable {
    /// One seat at most per passenger per flight, as the seats screen handed them back.
    var seats: [SeatChoice] = []
    /// The extra bags: an available service and how many (only quantities above zero are kept).
    var bags: [SelectedService] = []

    /// What the order books: the seats, then the bags.
    var services: [SelectedService] { SeatChoice.services(seats) + bags }

    /// How many of bag service `id` are chosen.
    func quantity(of id: String) -> Int { bags.first { $0.id == id }?.quantity ?? 0 }

    /// Sets how many of bag service `id` go with the booking.
    mutating func set(_ quantity: Int, of id: String) {
        bags.removeAll { $0.id == id }
        if quantity > 0 { bags.append(SelectedService(id: id, quantity: quantity)) }
    }
}

extension FlightSummaryState {
    /// What the chosen seats and bags cost, in the offer's currency.
    var extrasTotal: Money {
        let prices = extras.seats.map(\.price) + extras.bags.compactMap { chosen in
            bagServices.first { $0.id == chosen.id }?.totalAmount.multiplied(by: chosen.quantity)
        }
        let zero = Money.zero(offer?.totalAmount.currency ?? "")
        return prices.reduce(zero) { $0.adding($1) ?? $0 }
    }

    /// The fare and the extras: what is paid when booking.
    var totalToPay: Money? {
        offer.map { $0.totalAmount.adding(extrasTotal) ?? $0.totalAmount }
    }

    /// The review's lines for the extras: each seat and bag with its price, and the total with them.
    var extrasRows: [KeyValueList.Row] {
        guard let offer else { return [] }
        var rows = SummaryFormat.seatRows(offer: offer, slots: slots, seats: extras.seats)
        rows += bagRows
        guard !rows.isEmpty, let total = totalToPay else { return rows }
        return rows + [KeyValueList.Row("Total with extras", total.formatted)]
    }
}
