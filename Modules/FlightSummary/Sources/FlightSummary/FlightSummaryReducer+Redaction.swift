import Entities
import ModuleCore

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
