import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI
import TravelText

/// What the bookings screen shows and asks, as pure functions of its state, and what each answer means.
extension FlightBookingsReducer {
    static let disappeared: FlightBookingsAction? = .disappeared

    static func screen(_ state: State) -> ScreenModel {
        var page: [ScreenBlock] = []
        // The booking is laid out only on the steps that show it.
        let detail = { state.current.map(state.detailBlocks) ?? [] }
        switch state.step {
        case .list where !state.listUnread: page = state.listBlocks()
        case .detail, .confirmCancel, .confirmPay, .confirmAcceptChange: page = detail()
        case .confirmExtras(let quote): page = detail() + BookingText.extrasBlocks(quote, reference: state.current?.reference ?? "")
        case .list, .start: break
        }
        guard !state.waiting, !state.stopped, let prompt = state.prompt else { return ScreenModel(page: page) }
        switch prompt {
        case .text(let question) where state.step == .detail:
            // One letter each: it acts at the key press.
            return ScreenModel(page: page, question: .keys(question, help: [
                .hint("a accepts the airline's new times, when it changed them · p pays a booking held for later", indent: 2),
                .hint("x adds checked bags, s chooses seats, each priced first · c cancels it, after showing the refund", indent: 2),
                .hint("m moves a flight to another day, when the fare allows changes: the airline's offers, then the total to confirm", indent: 2),
                .hint("r reads it again from the airline · b goes back to the list · n starts a new search", indent: 2),
            ]))
        case .text(let question):
            return ScreenModel(page: page, question: .line(question + " ", help: [
                .hint("Type a booking's number from the list and press Enter to open it; n starts a new search, b goes back.", indent: 2),
            ]))
        case .confirm(let question, let defaultValue):
            // A yes typed before the refund or the total was shown must not cancel or pay.
            let enter = switch defaultValue { case true?: " · Enter yes"; case false?: " · Enter no"; case nil: "" }
            return ScreenModel(page: page, question: .keys("\(question) y yes · n no\(enter)", commits: true, help: [
                .hint("y does it now; n leaves the booking as it is.", indent: 2),
            ]))
        }
    }

    static func action(for input: ScreenInput, in state: State) -> FlightBookingsAction? {
        switch input {
        case .line(let text):
            guard case .confirm(_, let defaultValue)? = state.prompt else { return .entered(text) }
            return yes(text, default: defaultValue).map { .answered($0) }
        case .back: return .back
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        case .key(.enter):
            guard case .confirm? = state.prompt else { return nil }
            return action(for: .line(""), in: state)
        case .key(.character(let key)) where key != "?":
            let letter = key.lowercased()
            switch state.prompt {
            case .confirm?: return "yn".contains(letter) ? action(for: .line(letter), in: state) : nil
            case .text?:
                // a, p, m and c only when the change can be accepted, the booking paid, changed or cancelled; keys that
                // mean nothing are ignored.
                let offered = "rbn".contains(letter) || ("apmcxs".contains(letter) && state.detailChoices.contains("\(letter) to "))
                return letter.count == 1 && offered ? .entered(letter) : nil
            case nil: return nil
            }
        case .key, .chose: return nil
        }
    }

    static func problem(with answer: String, in state: State) -> String? {
        guard case .confirm(_, let defaultValue)? = state.prompt, yes(answer, default: defaultValue) == nil else { return nil }
        return "Please answer y or n."
    }

    /// What a yes/no answer says: `y`, `yes`, `n`, `no` (any case), or Enter for the default; `nil` for anything else.
    private static func yes(_ answer: String, default defaultValue: Bool?) -> Bool? {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": true
        case "n", "no": false
        case "": defaultValue
        default: nil
        }
    }
}

/// The blocks the view models are drawn with.
extension FlightBookingsState {
    /// The bookings kept here: fitted to a terminal while the screen asks, else written whole.
    func listBlocks() -> [ScreenBlock] {
        listViewModel().blocks(fitted: canAsk)
    }

    /// One booking in full, as TravelText words it here: fitted while the screen asks, else written whole.
    func detailBlocks(_ booking: Booking) -> [ScreenBlock] {
        text.detailBlocks(booking, fitted: canAsk)
    }
}

/// What the screen asks in a step; ``FlightBookingsReducer/screen(_:)`` makes it its question.
enum BookingsPrompt: Sendable, Hashable, Codable {
    /// A line of text.
    case text(question: String)
    /// Yes or no.
    case confirm(question: String, default: Bool?)
}
