import Entities
import Foundation
import Services

/// Where the summary screen is. Each step has one prompt; the step is kept when the screen is covered, so it comes
/// back where it was.
enum FlightSummaryStep: Codable, Equatable, Sendable {
    case start
    /// The offer is being checked with the API for the first time.
    case checking
    case continueToDetails
    case field(passenger: Int, field: PassengerField)
    case review
    /// How many of the offer's extra bag at this index (in ``FlightSummaryState/bagServices``) to add.
    case bag(Int)
    case confirmBooking(OrderType)
    case confirmNewPrice(next: FlightSummaryContinuation)
    case recheckFailed(next: FlightSummaryContinuation)
    /// The booking (or the re-check just before it) is under way.
    case booking(OrderType)
    case lostAnswer(OrderType)
    case booked(Order)
    case leaving
    case finished
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
    /// An unattended run's check before anything else.
    case unattended
    /// An unattended booking refused with `refusal` because the price moved: fetch the new one to say it.
    case unattendedReprice(refusal: ServiceError)
}

/// What the review offers.
enum FlightSummaryReviewOption: Equatable, Sendable {
    case book(OrderType)
    /// Seats on the seat maps (the seats screen).
    case seats
    /// Extra bags, one question per bag the offer sells.
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
    /// The id of the last check asked; an answer to an older one is stale.
    var checkID = 0
    /// The booking made, once there is one.
    var booked: FlightSummaryBooked?
    /// Seats and bags chosen to go with the booking.
    var extras = FlightSummaryExtras()
    /// Whether the composer can show seat maps (the review offers seats then).
    var seatsOffered = false
    /// An unattended run's passengers, checked, while the seat maps their file's seats are checked on are read.
    var filePassengers: [PassengerDetails]?

    /// A screen for `input`, before it first appears.
    init(input: FlightSummaryInput, storeLocation: String, timeZone: TimeZone, now: Date, seatsOffered: Bool = false) {
        self.input = input
        self.seatsOffered = seatsOffered
        self.storeLocation = storeLocation
        self.timeZone = timeZone
        self.now = now
    }

    /// Whether a person answers the prompts.
    var isInteractive: Bool { input.mode == .interactive }

    /// Whether the traveller is on the way to a booking not made yet (details, review, a confirmation).
    var isBeforeBooking: Bool {
        switch step {
        case .continueToDetails, .field, .review, .bag, .confirmBooking, .confirmNewPrice, .recheckFailed, .lostAnswer: true
        case .start, .checking, .booking, .booked, .leaving, .finished: false
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
        if seatsOffered && isInteractive { options.append(.seats) }
        if !bagServices.isEmpty && isInteractive { options.append(.bags) }
        options += slots.map { .change($0.index) }
        options.append(.backToOffers)
        return options
    }
}
