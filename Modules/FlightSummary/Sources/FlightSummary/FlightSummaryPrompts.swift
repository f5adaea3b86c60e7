import Entities
import Foundation

/// What the summary asks at each step, with the answer Enter takes: pure functions of the state.
extension FlightSummaryState {
    /// The current step's question; `nil` when nothing is asked (work is under way, or the screen is done).
    var prompt: SummaryPrompt? {
        switch step {
        case .start, .checking, .booking, .finished:
            return nil
        case .continueToDetails where seatsOffered && isInteractive:
            // Seats may be chosen before the details (and again from the review): a third answer.
            return .text(question: "Book this offer? Passenger details come next; s chooses seats first (y/n/s):", default: "y")
        case .continueToDetails:
            return .confirm(question: "Book this offer? Passenger details come next.", default: true)
        case .field(let passenger, let field):
            return .text(question: Self.question(for: field), default: defaultAnswer(for: field, passenger: passenger))
        case .review:
            return .choice(title: "What next?", options: reviewOptions.map(label(for:)), default: 0)
        case .bag(let index):
            let current = bagServices.indices.contains(index) ? extras.quantity(of: bagServices[index].id) : 0
            return .text(question: bagQuestion(index), default: String(current))
        case .confirmBooking(let type):
            let total = totalToPay?.formatted ?? ""
            let people = TravelFormat.count(slots.count, "passenger")
            let question = type == .hold
                ? "Hold the booking for \(people), \(total) to pay later?"
                : "Book for \(people) and pay \(total) now?"
            return .confirm(question: question, default: false)
        case .confirmNewPrice(let next):
            let total = repricedOffer?.totalAmount.formatted ?? ""
            let question = next == .details ? "Go on at the new total of \(total)?" : "Book at the new total of \(total)?"
            return .confirm(question: question, default: false)
        case .recheckFailed:
            return .choice(title: "The offer could not be checked.", options: ["Try again", "Back to the offers"], default: 0)
        case .lostAnswer:
            return .choice(
                title: "The booking is not confirmed.",
                options: ["Try again (looks for the booking first, then books once)", "Back to the offers"], default: 0)
        case .booked:
            return .acknowledge("Press Enter to see your bookings.")
        case .leaving:
            return .acknowledge("Press Enter to choose another offer.")
        }
    }

    /// `Passenger 1 of 2 · Adult`, when `passenger` is one of the offer's.
    func heading(of passenger: Int) -> String? {
        guard slots.indices.contains(passenger) else { return nil }
        return "Passenger \(passenger + 1) of \(slots.count) · \(SummaryFormat.label(slots[passenger]))"
    }

    static func question(for field: PassengerField) -> String {
        switch field {
        case .title: "Title (mr, ms, mrs, miss, dr):"
        case .givenName: "Given names, as on the passport:"
        case .familyName: "Family name, as on the passport:"
        case .bornOn: "Born on (YYYY-MM-DD):"
        case .gender: "Gender, as on the passport (m or f):"
        case .email: "Email:"
        case .phoneNumber: "Phone, with the country code (+44…):"
        case .passportNumber: "Passport number (the airline needs it to book):"
        case .passportCountry: "Passport issued by (country code, like GB):"
        case .passportExpiry: "Passport expires on (YYYY-MM-DD):"
        }
    }

    /// What Enter takes: the value already given, else a sensible guess (gender from the title, contact details
    /// from the passenger before).
    func defaultAnswer(for field: PassengerField, passenger: Int) -> String? {
        guard drafts.indices.contains(passenger) else { return nil }
        if let given = drafts[passenger].text(of: field) { return given }
        switch field {
        case .gender:
            switch drafts[passenger].title {
            case .mr?: return Gender.male.rawValue
            case .ms?, .mrs?, .miss?: return Gender.female.rawValue
            case .dr?, nil: return nil
            }
        case .email, .phoneNumber:
            return passenger > 0 ? drafts[passenger - 1].text(of: field) : nil
        default:
            return nil
        }
    }

    /// How the review names `option`.
    func label(for option: FlightSummaryReviewOption) -> String {
        guard let offer, let total = totalToPay else { return "" }
        switch option {
        case .book(let type) where type == .hold:
            if let deadline = offer.paymentRequirements.paymentRequiredBy {
                return "Hold it now and pay \(total.formatted) by \(TravelFormat.instant(deadline, in: timeZone))"
            }
            return "Hold it now and pay \(total.formatted) later"
        case .book:
            return "Book and pay \(total.formatted) now"
        case .seats:
            let seats = extras.seats
            guard !seats.isEmpty else { return "Choose seats" }
            let cost = seats.reduce(Money.zero(offer.totalAmount.currency)) { $0.adding($1.price) ?? $0 }
            return "Change seats (\(TravelFormat.count(seats.count, "seat")) chosen, \(TravelFormat.price(cost)))"
        case .bags:
            let count = extras.bags.reduce(0) { $0 + $1.quantity }
            return count == 0 ? "Add bags" : "Change bags (\(TravelFormat.count(count, "extra bag")))"
        case .change(let index):
            let name = drafts.indices.contains(index) ? SummaryFormat.name(drafts[index]) : ""
            return "Change passenger \(index + 1)" + (name.isEmpty ? "" : " (\(name))")
        case .backToOffers:
            return "Back to the offers"
        }
    }
}
