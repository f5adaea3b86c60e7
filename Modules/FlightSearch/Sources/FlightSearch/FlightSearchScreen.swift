import Entities
import Trips
import ModuleCore
import TerminalUI
import TravelText

/// What the search screen shows and asks in each state, and what each answer means. A conversation: the page is
/// the title, and the questions follow one another below it.
extension FlightSearchReducer {
    static func screen(_ state: State) -> ScreenModel {
        ScreenModel(page: state.page, layout: .flowing, question: state.question)
    }

    static func action(for input: ScreenInput, in state: State) -> Action? {
        switch input {
        case .line(let text): return .entered(text)
        case .chose(let index): return .chose(index)
        case .back: return .back
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        case .key(let key):
            // One key acts at once; keys that mean nothing here are ignored rather than scolded.
            guard let keys = state.keyQuestion else { return nil }
            switch key {
            case .enter: return .entered("")
            case .character(let character):
                let typed = String(character).lowercased()
                return keys.options.contains { $0.accepts.contains(typed) } ? .entered(typed) : nil
            default: return nil
            }
        }
    }
}

/// The review's and the legs' keys: Enter for the main thing, a key for each other.
struct FlightSearchKeys: Equatable {
    /// One thing the traveller can do.
    struct Option: Equatable {
        /// The key as shown: `p`, `1–3`, `Esc`.
        var key: String
        /// `passengers`.
        var label: String
        /// The characters that choose it (lower case).
        var accepts: [String]
    }

    /// `Enter to search, or a letter:`.
    var prompt: String
    /// What Enter does: `search`.
    var enterLabel: String
    /// The other keys, in the order shown.
    var options: [Option]
}

extension FlightSearchState {
    /// The question the current step puts, with what `?` shows there; `nil` while a look-up is under way, or once
    /// handed to the router.
    var question: ScreenQuestion? {
        bareQuestion?.helped(by: helpBlocks)
    }

    private var bareQuestion: ScreenQuestion? {
        guard lookup == nil else { return nil }
        switch step {
        case .done:
            return nil
        case .choosePlace(let field):
            return .table(
                field.label(legCount: draft.legs.count), PlaceTable.table(suggestions))
        case .cabin:
            return .choice(
                "Cabin", CabinClass.allCases.map(\.displayName),
                selected: CabinClass.allCases.firstIndex(of: draft.cabin) ?? 0)
        case .connections:
            return .choice(
                "Connections", BookingRules.connectionRange.map { TravelFormat.connections($0, short: false) },
                selected: min(max(0, draft.maxConnections), BookingRules.connectionRange.upperBound))
        case .review, .legs, .leaving:
            return keyQuestion.map { .keys($0.prompt + " ") }
        default:
            return .line(prompt(for: step) + " ", default: defaultValue(for: step))
        }
    }

    /// The keys asked for at the review and the legs; `nil` at the other steps.
    var keyQuestion: FlightSearchKeys? {
        switch step {
        case .review: reviewKeys
        case .legs: legsKeys
        case .leaving: leaveKeys
        default: nil
        }
    }

    private func prompt(for step: FlightSearchStep) -> String {
        let legCount = draft.legs.count
        switch step {
        case .origin(let leg): return SearchField.origin(leg: leg).label(legCount: legCount) + ":"
        case .destination(let leg): return SearchField.destination(leg: leg).label(legCount: legCount) + ":"
        case .departure(let leg):
            let label = SearchField.departure(leg: leg).label(legCount: legCount)
            return leg == 0 ? "\(label) (e.g. 18 dec, fri, +7):" : "\(label) (a date, or +N after leg \(leg)):"
        case .returnDate:
            return draft.returnDate == nil
                ? "Return (a date, or +N after departure; blank for one way):"
                : "Return (a date, +N, or none for one way):"
        case .adults: return "Adults (1–\(BookingRules.maxPassengers)):"
        case .children: return "Children's ages (e.g. 4, 9; none):"
        case .infants: return "Infants on a lap (under \(BookingRules.infantAgeLimit)):"
        case .departureWindow: return "Departure time (e.g. 09:00-17:00, morning; any):"
        default: return ""
        }
    }

    private func defaultValue(for step: FlightSearchStep) -> String? {
        if let retryText, retryText.step == step { return retryText.text }
        switch step {
        case .origin(let leg): return draft.legs[safe: leg]?.from?.code
        case .destination(let leg): return draft.legs[safe: leg]?.to?.code
        case .departure(let leg): return draft.legs[safe: leg]?.date?.description
        case .returnDate: return draft.returnDate?.description
        case .adults: return String(draft.adults)
        case .children: return draft.childAges.isEmpty ? "none" : draft.childAges.map(String.init).joined(separator: ", ")
        case .infants: return String(draft.infants)
        case .departureWindow: return draft.departureWindow.map { "\($0.from)-\($0.to)" } ?? "any"
        default: return nil
        }
    }

    /// Back at the first question: nothing to go back to, so leaving is asked rather than done.
    private var leaveKeys: FlightSearchKeys {
        FlightSearchKeys(
            prompt: "Nothing to go back to. Leave? [y/N]",
            enterLabel: "stay",
            options: [
                .init(key: "y", label: "leave", accepts: ["y"]),
                .init(key: "n", label: "stay", accepts: ["n"]),
            ])
    }

    private var reviewKeys: FlightSearchKeys {
        FlightSearchKeys(
            prompt: "Enter to search, or a letter:",
            enterLabel: "search",
            options: [
                .init(key: "p", label: "passengers", accepts: ["p"]),
                .init(key: "c", label: "cabin", accepts: ["c"]),
                .init(key: "o", label: "connections", accepts: ["o"]),
                .init(key: "t", label: "time", accepts: ["t"]),
                .init(key: "r", label: "route & dates", accepts: ["r"]),
                .init(key: "m", label: "multi-city", accepts: ["m"]),
                .init(key: backKey, label: "back", accepts: ["b"]),
                .init(key: "q", label: "quit", accepts: ["q"]),
            ])
    }

    private var legsKeys: FlightSearchKeys {
        let count = draft.legs.count
        var options: [FlightSearchKeys.Option] = []
        if count < BookingRules.maxSlices { options.append(.init(key: "a", label: "add a leg", accepts: ["a"])) }
        if count > 1 { options.append(.init(key: "d", label: "remove the last leg", accepts: ["d"])) }
        options.append(.init(
            key: count == 1 ? "1" : "1–\(count)", label: "change a leg", accepts: (1...max(1, count)).map(String.init)))
        options.append(.init(key: backKey, label: "back", accepts: ["b"]))
        return FlightSearchKeys(prompt: "Enter when done, or a key:", enterLabel: "done", options: options)
    }
}
