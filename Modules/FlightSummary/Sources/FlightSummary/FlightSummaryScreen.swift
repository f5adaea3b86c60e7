import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI
import TravelText

/// What the summary asks at each step, with the answer Enter takes, and what each answer means: pure functions of the
/// state. What it has to say (the offer, the review, the booking) is written in the conversation as it happens.
extension FlightSummaryReducer {
    /// Sent each time the screen is shown, with the system clock's reading; the Builder sends its own clock's.

    static var disappeared: Action? { .disappeared }

    static func screen(_ state: State) -> ScreenModel {
        ScreenModel(question: question(state))
    }

    /// The current step's question; `nil` when nothing is asked (work is under way, the screen left, or it is done).
    static func question(_ state: State) -> ScreenQuestion? {
        guard !state.stopped else { return nil }
        switch state.step {
        case .start, .checking, .booking:
            return nil
        case .continueToDetails where state.offersSeatsFirst:
            // Seats may be chosen before the details (and again from the review): a third answer, one key each.
            return .keys(
                "Book this offer? y yes · n no · s seats first · Enter yes",
                help: help(yes: "goes on to the passengers' details, asked next", no: "goes back to the offers")
                    + [.hint("s opens the seat maps first; the details come after.", indent: 2)])
        case .field(let passenger, let field):
            return .line(
                FlightSummaryState.question(for: field) + " ", default: state.defaultAnswer(for: field, passenger: passenger),
                help: help(for: field))
        case .review:
            return .choice("What next?", state.reviewOptions.map(state.label(for:)), help: [
                .hint("Book or hold with the first lines; the others change seats, bags or a passenger before you do.", indent: 2),
                .hint("↑/↓ move · Enter chooses · Esc goes back to the last question", indent: 2),
            ])
        case .bag(let group, let flight):
            return .line(
                state.bagQuestion(group: group, flight: flight) + " ", default: state.bagDefault(group: group, flight: flight))
        case .continueToDetails, .confirmBooking, .confirmNewPrice:
            guard let (text, yes) = confirmation(state) else { return nil }
            // A yes typed before the question (while the price was being checked) must not answer it.
            return .keys(
                text + " y yes · n no · Enter " + (yes ? "yes" : "no"), commits: true,
                help: help(yes: state.step == .continueToDetails ? "goes on to the passengers' details" : "books at this price",
                           no: state.step == .continueToDetails ? "goes back to the offers" : "books nothing"))
        case .recheckFailed:
            return .choice("The offer could not be checked.", ["Try again", "Back to the offers"])
        case .lostAnswer:
            return .choice(
                "The booking is not confirmed.",
                ["Try again (looks for the booking first, then books once)", "Back to the offers"])
        case .booked:
            return .line("Press Enter to \(state.input.afterBooking ?? "continue"). ")
        case .leaving:
            return .line("Press Enter to choose another offer. ")
        }
    }

    /// The yes-or-no question asked at the step, and what Enter alone answers.
    static func confirmation(_ state: State) -> (String, Bool)? {
        switch state.step {
        case .continueToDetails where !state.offersSeatsFirst:
            return ("Book this offer?", true)
        case .confirmBooking(let type):
            let total = state.totalToPay?.formatted ?? ""
            let people = TravelFormat.count(state.slots.count, "passenger")
            return (type == .hold
                ? "Hold the booking for \(people), \(total) to pay later?"
                : "Book for \(people) and pay \(total) now?", false)
        case .confirmNewPrice(let next):
            let total = state.repricedOffer?.totalAmount.formatted ?? ""
            return (next == .details ? "Go on at the new total of \(total)?" : "Book at the new total of \(total)?", false)
        default:
            return nil
        }
    }

    static func problem(with answer: String, in state: State) -> String? {
        guard let (_, yes) = confirmation(state) else { return nil }
        return self.yes(answer, default: yes) == nil ? "Please answer y or n." : nil
    }

    /// `y`, `yes`, `n`, `no` (any case), or Enter for `defaultAnswer`; `nil` for anything else.
    static func yes(_ answer: String, default defaultAnswer: Bool) -> Bool? {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": true
        case "n", "no": false
        case "": defaultAnswer
        default: nil
        }
    }

    static func action(for input: ScreenInput, in state: State) -> Action? {
        switch input {
        case .key(.enter): return action(for: .line(""), in: state)
        case .key(.character(let key)) where "yns".contains(key.lowercased()):
            // One key answers; a key that means nothing here is ignored, not scolded.
            guard key.lowercased() != "s" || state.step == .continueToDetails else { return nil }
            return action(for: .line(String(key)), in: state)
        case .line(let text):
            if let (_, yes) = confirmation(state) { return self.yes(text, default: yes).map { .confirmed($0) } }
            switch state.step {
            case .booked, .leaving: return .acknowledged
            default: return .entered(text)
            }
        case .chose(let index): return .chose(index)
        case .back: return .back
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        case .key: return nil
        }
    }
}

/// What `?` shows at the summary's questions: what each answer does, what each field takes.
extension FlightSummaryReducer {
    /// A yes-or-no question's help: what each key does.
    static func help(yes: String, no: String) -> [ScreenBlock] {
        [.hint("y \(yes); n \(no).", indent: 2)]
    }

    /// What `field` takes, with examples.
    static func help(for field: PassengerField) -> [ScreenBlock] {
        let text = switch field {
        case .title: "The title the airline prints: mr, ms, mrs, miss or dr."
        case .givenName: "First and middle names, as printed on the passport (for example Ada Mary)."
        case .familyName: "The surname, as printed on the passport (for example Lovelace)."
        case .bornOn: "The date of birth, as year-month-day: 1985-12-10."
        case .gender: "m or f, as on the passport."
        case .email: "Where the airline sends the booking: ada@example.com."
        case .phoneNumber: "A phone number with its country code, for example +442080160508."
        case .passportNumber: "The number printed on the passport; the airline needs it to book this flight."
        case .passportCountry: "The country that issued the passport, as a two-letter code: GB, US, FR."
        case .passportExpiry: "The passport's expiry date, as year-month-day: 2031-06-30."
        }
        return [.hint(text, indent: 2), .hint("Enter alone keeps what is in [brackets] · Esc goes back a question", indent: 2)]
    }
}

extension FlightSummaryState {
    /// Whether `Book this offer?` also offers the seat maps first.
    var offersSeatsFirst: Bool { seatsOffered }

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
