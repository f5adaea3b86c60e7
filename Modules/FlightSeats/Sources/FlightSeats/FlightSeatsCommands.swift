import Foundation

/// What a key or a typed line means on the seats screen: pure functions, no state beyond the designator being typed.
enum FlightSeatsCommand: Equatable, Sendable {
    enum Direction: Equatable, Sendable { case up, down, left, right }

    /// Take this seat (`32A`).
    case seat(String)
    /// The seat under the cursor, or confirm the review.
    case confirm
    case move(Direction)
    /// No seat for this passenger on this flight: the airline gives one.
    case skip
    /// Take back this passenger's seat on this flight.
    case clear
    case nextFlight
    case previousFlight
    /// Go to the review with what is chosen.
    case done
    /// From the review, back to choosing.
    case change
    case retry
    case back
    case toggleKeys
    case unknown(String)

    /// A whole line (off a TTY, or a designator typed then Enter).
    init(line: String, phase: FlightSeatsState.Phase) {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "": self = phase == .choosing ? .skip : .confirm
        case "s", "skip": self = .skip
        case "x", "clear": self = .clear
        case "n", "next": self = .nextFlight
        case "p", "previous": self = .previousFlight
        case "d", "done": self = .done
        case "c", "change": self = .change
        case "r", "retry": self = .retry
        case "b", "back": self = .back
        case "y", "yes", "ok": self = .confirm
        case "?", "help": self = .toggleKeys
        default:
            self = Self.isDesignator(text) ? .seat(text.uppercased()) : .unknown(String(text.prefix(20)))
        }
    }

    /// One key (on a TTY): arrows move, digits and then a letter type a seat, a letter alone is a command.
    /// `nil` when the key only changed what is being typed.
    init?(key: SeatKey, state: inout FlightSeatsState) {
        switch key {
        case .up: self = .move(.up)
        case .down: self = .move(.down)
        case .left: self = .move(.left)
        case .right: self = .move(.right)
        case .space: self = .confirm
        case .enter:
            let typed = state.typed
            state.typed = ""
            self = typed.isEmpty ? .confirm : Self(line: typed, phase: state.phase)
        case .backspace:
            guard !state.typed.isEmpty else { return nil }
            state.typed.removeLast()
            return nil
        case .character(let text):
            if let character = text.first, character.isASCII, character.isNumber || (!state.typed.isEmpty && character.isLetter) {
                if state.typed.count < 4 { state.typed.append(character) }
                return nil
            }
            state.typed = ""
            self = text == " " ? .confirm : Self(line: text, phase: state.phase)
            if case .skip = self, state.phase != .choosing { self = .unknown(text) }
        }
    }

    /// `32A`, `7C`, `104K`: one to three digits and a letter.
    static func isDesignator(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        return (1...3).contains(digits.count) && rest.count == 1 && rest.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
