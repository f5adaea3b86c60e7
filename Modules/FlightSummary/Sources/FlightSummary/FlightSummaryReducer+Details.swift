import Entities
import Foundation
import ModuleCore

/// The passengers' details, one field at a time, the review that follows them, and what a recording keeps of what
/// was typed.
extension FlightSummaryReducer {
    /// Starts the first passenger's details.
    static func beginDetails(_ state: inout State) -> [Effect] {
        guard !state.slots.isEmpty else {
            return [error("This offer lists no passengers, so it cannot be booked.", suggestion: "Choose another offer.")]
                + go(&state, .leaving)
        }
        state.editing = nil
        return heading(state, 0) + go(&state, .field(passenger: 0, field: .title))
    }

    /// Checks `text` for `field` of `passenger`: a wrong answer is asked again, the others are kept; a right one
    /// moves on to the next field, the next passenger or the review.
    static func accept(_ state: inout State, _ text: String, passenger: Int, field: PassengerField) -> [Effect] {
        guard let offer = state.offer, state.slots.indices.contains(passenger) else { return [] }
        let rules = state.rules
        if let problem = rules.accept(text, for: field, slot: state.slots[passenger], offer: offer, into: &state.drafts[passenger]) {
            return [error(problem, suggestion: nil)]
        }
        if state.editing == .field(passenger, field) {
            state.editing = nil
            return showReview(&state)
        }
        if let next = state.askedField(after: field) {
            return go(&state, .field(passenger: passenger, field: next))
        }
        if state.editing == .passenger(passenger) || passenger + 1 >= state.slots.count {
            state.editing = nil
            return showReview(&state)
        }
        return heading(state, passenger + 1) + go(&state, .field(passenger: passenger + 1, field: .title))
    }

    /// The review's option at `index`.
    static func choose(_ state: inout State, _ index: Int) -> [Effect] {
        let options = state.reviewOptions
        guard options.indices.contains(index) else { return [] }
        switch options[index] {
        case .book(let type):
            if type == .hold, !state.extras.services.isEmpty { return refuseHeldExtras(&state) }
            return go(&state, .confirmBooking(type))
        case .change(let passenger):
            state.editing = .passenger(passenger)
            return heading(state, passenger) + go(&state, .field(passenger: passenger, field: .title))
        case .seats:
            guard let offer = state.offer else { return [] }
            return leave(&state, .seats(offer, chosen: state.extras.seats))
        case .bags:
            return beginBags(&state)
        case .backToOffers:
            return leaveToOffers(&state)
        }
    }

    /// `Book this offer?` where seats can be chosen: yes goes on to the details, no back to the offers, `s` to the
    /// seat maps first (the question is asked again when the seats screen hands them back).
    static func continueOrSeats(_ state: inout State, _ text: String) -> [Effect] {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "y", "yes": return beginDetails(&state)
        case "n", "no": return leaveToOffers(&state)
        case "s", "seats":
            guard let offer = state.offer else { return [] }
            return leave(&state, .seats(offer, chosen: state.extras.seats))
        default: return [error("Answer y to go on, n to go back to the offers, or s to choose seats first.", suggestion: nil)]
        }
    }

    /// The passenger and field a validation error points at (`/data/passengers/0/phone_number`), if any.
    static func refusedField(_ error: APIError, passengers: Int) -> (Int, PassengerField)? {
        for detail in error.errors {
            guard let source = detail.source else { continue }
            let parts = (source.pointer ?? "").split(separator: "/").map(String.init)
            if let at = parts.firstIndex(of: "passengers"), at + 2 < parts.count, let index = Int(parts[at + 1]),
               let field = PassengerField(wireName: parts[at + 2]) {
                return (index, field)
            }
            if let name = source.field, let field = PassengerField(wireName: name), passengers == 1 {
                return (0, field)
            }
        }
        return nil
    }
}

/// Personal data out of a recording: what the traveller types into a personal field (a name, a birth date, an
/// email, a phone, a passport number) is replaced by a stand-in. A stand-in passes the field's rules when the text
/// did and fails them when it did not, so the recording takes the same steps. Passengers, orders and files are
/// redacted by key already (``Redaction``).
extension FlightSummaryReducer {
    static func redacted(_ action: FlightSummaryAction, in state: State) -> FlightSummaryAction {
        guard case .entered(let text) = action, case .field(let passenger, let field) = state.step,
              let offer = state.offer, state.slots.indices.contains(passenger) else { return action }
        var scratch = state.drafts[passenger]
        let accepted = state.rules.accept(text, for: field, slot: state.slots[passenger], offer: offer, into: &scratch) == nil
        switch field {
        case .givenName, .familyName:
            return .entered(accepted ? Redaction.name : "Redacted 0")
        case .bornOn:
            // The year is kept, so the age group reads the same; a date that did not read stays unreadable. Near
            // an age limit, another day of the same year may be needed for the stand-in to pass as the text did.
            guard accepted, let day = scratch.bornOn else { return .entered("redacted date") }
            let year = String(day.description.prefix(4))
            let standIns = [Redaction.birthDate(day.description), "\(year)-01-01", "\(year)-12-31"]
            let passing = standIns.first { standIn in
                var check = state.drafts[passenger]
                return state.rules.accept(standIn, for: field, slot: state.slots[passenger], offer: offer, into: &check) == nil
            }
            return .entered(passing ?? standIns[0])
        case .email:
            return .entered(accepted ? Redaction.email : "redacted email")
        case .phoneNumber:
            return .entered(accepted ? Redaction.phone : "redacted phone")
        case .passportNumber:
            return .entered(accepted ? Redaction.documentNumber : "?")
        case .title, .gender, .passportCountry, .passportExpiry:
            return action
        }
    }
}
