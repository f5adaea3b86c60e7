import Entities
import Trips
import Foundation
import Services
import TerminalUI
import TravelText

/// The lists, questions and help, as pure functions of the state.
extension AvailabilityViewModels {
    /// The list of `kind`.
    static func choice(_ kind: AvailabilityChoice, _ state: State) -> ChoiceViewModel {
        switch kind {
        case .sort: sortChoice(state)
        case .filter: filterChoice(state)
        case .stops: stopsChoice(state)
        }
    }

    /// The question of `kind`.
    static func question(_ kind: AvailabilityQuestion, _ state: State) -> QuestionViewModel {
        switch kind {
        case .carriers: carriersQuestion(state)
        case .departureWindow: windowQuestion(state)
        case .maxEmissions: emissionsQuestion(state)
        }
    }

    /// The orders to sort by, the current one selected.
    static func sortChoice(_ state: State) -> ChoiceViewModel {
        ChoiceViewModel(
            kind: .sort, title: "Sort by",
            options: AvailabilitySort.allCases.map(sortDescription),
            selected: AvailabilitySort.allCases.firstIndex(of: state.sort) ?? 0)
    }

    /// `Price (cheapest first)`.
    static func sortDescription(_ sort: AvailabilitySort) -> String {
        switch sort {
        case .price: "Price (cheapest first)"
        case .duration: "Duration (shortest first)"
        case .departure: "Departure (earliest first)"
        case .arrival: "Arrival (earliest first)"
        case .emissions: "CO₂ (least first)"
        }
    }

    /// The filters the list offers, in its order: CO₂ only when some offer has an estimate.
    static func filterOptions(_ state: State) -> [AvailabilityFilterKind] {
        let emissions = OfferFormat.anyEmissions(state.result?.offers ?? [])
        return [.stops, .carriers, .departure] + (emissions ? [.emissions] : []) + [.clear]
    }

    /// The filters, each with its value.
    static func filterChoice(_ state: State) -> ChoiceViewModel {
        let filters = state.filters
        return ChoiceViewModel(
            kind: .filter, title: "Filter offers",
            options: filterOptions(state).map { kind in
                switch kind {
                case .stops: "Stops: \(filters.maxStops.map(stopsDescription) ?? "any number")"
                case .carriers: "Airlines: \(filters.carriers.isEmpty ? "all" : filters.carriers.sorted().joined(separator: ", "))"
                case .departure: "Departure time: \(filters.departureWindow.map { "\($0)" } ?? "any time")"
                case .emissions: "CO₂: \(filters.maxEmissionsKg.map(emissionsLimit) ?? "any amount")"
                case .clear, .unknown: "Clear all filters"
                }
            },
            selected: 0)
    }

    /// The most stops on each leg.
    static func stopsChoice(_ state: State) -> ChoiceViewModel {
        ChoiceViewModel(
            kind: .stops, title: "Most stops on each leg",
            options: ["Direct only", "At most 1 stop", "At most 2 stops", "Any number"],
            selected: state.filters.maxStops.map { min($0, 2) } ?? 3)
    }

    /// Which airlines, with those of these offers listed.
    static func carriersQuestion(_ state: State) -> QuestionViewModel {
        let carriers = AvailabilityOffers.carriers(in: state.result?.offers ?? [])
        let intro = carriers.isEmpty ? [] : ["Airlines in these offers: "
            + carriers.map { "\($0.iataCode ?? "?") \($0.name)" }.joined(separator: ", ")]
        return QuestionViewModel(
            kind: .carriers, intro: intro,
            question: "Airlines (codes separated by commas, or all):",
            defaultAnswer: state.filters.carriers.isEmpty ? "all" : state.filters.carriers.sorted().joined(separator: ","))
    }

    /// The departure window.
    static func windowQuestion(_ state: State) -> QuestionViewModel {
        QuestionViewModel(
            kind: .departureWindow, intro: [],
            question: "Leaving between (HH:MM-HH:MM, morning, afternoon, evening, or any):",
            defaultAnswer: state.filters.departureWindow.map { "\($0.from)-\($0.to)" } ?? "any")
    }

    /// The most CO₂, with the range of these offers' estimates.
    static func emissionsQuestion(_ state: State) -> QuestionViewModel {
        let estimates = (state.result?.offers ?? []).compactMap(AvailabilityOffers.emissionsKg)
        var intro: [String] = []
        if let least = estimates.min(), let most = estimates.max() {
            intro = ["CO₂ estimates in these offers: \(TravelFormat.kilograms(least...most))"]
        }
        return QuestionViewModel(
            kind: .maxEmissions, intro: intro,
            question: "At most how many kg of CO₂ (a whole number, or any):",
            defaultAnswer: state.filters.maxEmissionsKg.map(String.init) ?? "any")
    }

    /// The keys (TTY) or the commands (lines).
    static func help(_ state: State) -> HelpViewModel {
        typealias Row = KeyValueList.Row
        if state.inputStyle == .keys {
            return HelpViewModel(title: "Keys", rows: [
                Row("↑ ↓", "move the highlight (the page follows)"),
                Row("Enter", "choose the highlighted offer (or day)"),
                Row("1–9", "jump to an offer by its number"),
                Row("n p", "next and previous page (also PgDn, PgUp)"),
                Row("s", "sort by price, duration, departure, arrival or CO₂"),
                Row("f", "filter by stops, airline, departure time or CO₂"),
                Row("c", "clear the filters"),
                Row("d", "dates: the lowest price 3 days either side (departure × return for a round trip)"),
                Row("r", "search again"),
                Row("w", "watch this search's price (checked again by `flights watch check`)"),
                Row("Esc b", "back (from a search in progress: cancel it with Esc)"),
                Row("?", "this help"),
            ], legend: "Press any key to go back.")
        }
        return HelpViewModel(title: "Commands", rows: [
            Row("3", "choose offer 3 (in the dates: day 3, or 3b for departure 3, return b)"),
            Row("next, prev", "next and previous page"),
            Row("sort duration", "order by price, duration, departure, arrival or CO₂ (sort co2: least first)"),
            Row("filter stops 0", "at most this many stops on each leg (any for all)"),
            Row("filter carrier BA,VS", "only these airlines (all for every airline)"),
            Row("filter depart 09:00-12:00", "first leg leaving in this window (morning, 9-12; any for all)"),
            Row("filter co2 500", "at most this many kg of CO₂ (any for all)"),
            Row("filter clear", "every offer again"),
            Row("dates", "the lowest price 3 days either side (departure × return for a round trip; 3b chooses)"),
            Row("retry", "search again"),
            Row("watch", "watch this search's price (checked again by `flights watch check`)"),
            Row("back", "back to the search (from the dates: to the offers)"),
            Row("help", "this help"),
        ], legend: "")
    }

    /// What a list over the offers chooses, for `?`.
    static func help(for choice: AvailabilityChoice) -> String {
        switch choice {
        case .sort:
            return "The order of the offers: price, duration, the first flight's departure or arrival, or CO₂ (the "
                + "airline's estimate; offers without one come last). Esc keeps the order."
        case .filter:
            return "Which filter to set: stops, airlines, departure time or CO₂. Filters apply to every offer found, "
                + "on this machine; c clears them all. Esc leaves them as they are."
        case .stops:
            return "The most stops on any flight of the trip: direct only, up to 1, up to 2, or any."
        }
    }

    /// What a question over the offers takes, for `?`.
    static func help(for question: AvailabilityQuestion) -> String {
        switch question {
        case .carriers:
            return "Airline codes separated by commas or spaces, like BA,VS (each must fly one of these offers), "
                + "or all for every airline."
        case .departureWindow:
            return "When the first flight leaves, local to its airport: 09:00-17:00, 9-17, morning, afternoon, "
                + "evening, or any."
        case .maxEmissions:
            return "The most CO₂ for the whole trip in kilograms, like 500 (offers without an estimate are left "
                + "out), or any."
        }
    }
}

/// A list to choose one option from (sort order, filter).
struct ChoiceViewModel: Codable, Sendable, Equatable {
    /// What is being chosen, handed back with the answer.
    var kind: AvailabilityChoice
    /// The title above the options.
    var title: String
    /// One line each, not numbered.
    var options: [String]
    /// The option selected at first (the current one).
    var selected: Int
}

/// A question with a typed answer (airlines, departure window, most CO₂).
struct QuestionViewModel: Codable, Sendable, Equatable {
    /// What is being asked, handed back with the answer.
    var kind: AvailabilityQuestion
    /// Lines shown before the question (the airlines to choose from).
    var intro: [String]
    /// The question.
    var question: String
    /// The current value, taken on a plain Enter.
    var defaultAnswer: String?
}

/// Keys or commands, each with what it does.
struct HelpViewModel: Codable, Sendable, Equatable {
    /// The title.
    var title: String
    /// The keys or commands (`s`, `filter stops N`), each with what it does.
    var rows: [KeyValueList.Row]
    /// How to leave the help (TTY), or empty.
    var legend: String
}
