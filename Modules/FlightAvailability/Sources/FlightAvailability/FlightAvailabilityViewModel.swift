import TerminalUI

/// The lines above every state of the screen: the route with place names, then dates, passengers, cabin and
/// how many offers.
struct AvailabilityHeaderViewModel: Codable, Sendable, Equatable {
    /// `London (LHR) → New York (JFK)`.
    var title: String
    /// `Fri 18 Dec · 1 adult · Economy · 14 offers`.
    var details: String
}

/// One leg of an offer, as one line of the table.
struct LegLineViewModel: Codable, Sendable, Equatable {
    /// `LHR–JFK`: which leg this line is, shown when the search has more than one.
    var route: String
    /// Local time at the origin, `07:00`.
    var departs: String
    /// Local time at the destination, with `+1` when it lands the next day: `07:05+1`.
    var arrives: String
    /// Door to door for the leg, `9h 55m`.
    var duration: String
    /// `Direct`, `1 stop KEF`, `2 stops DUB, BOS`.
    var stops: String
    /// The airline that sells the flights, `Icelandair`.
    var airline: String
    /// Flight numbers; a codeshare says who flies it: `BA213, BA4417 op. AA`.
    var flights: String
    /// The fare, `Basic` (or the cabin, `Economy`, when the airline names no fare).
    var fare: String
}

/// One offer: its number, a line per leg, its total price.
struct OfferRowViewModel: Codable, Sendable, Equatable {
    /// The number a traveller types to choose it, counted over every page.
    var number: Int
    /// The offer's id, for tests to find it again.
    var offerID: String
    /// One line per leg, in order.
    var legs: [LegLineViewModel]
    /// The total for every passenger, `£1,401.61`.
    var price: String
    /// The CO₂ estimate for the whole offer, `412 kg`, or `–` without one.
    var emissions: String
    /// Whether the highlight (arrow keys) is on it.
    var isHighlighted: Bool
}

/// A page of offers.
struct ResultsViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: AvailabilityHeaderViewModel
    /// The current sort, filters and page: `Sort: price · Filters: none · Page 1 of 2 (offers 1–12 of 14)`.
    var status: String
    /// The offers of this page.
    var rows: [OfferRowViewModel]
    /// Whether each line says which leg it is (round trips and multi-city).
    var showsLegRoute: Bool
    /// Whether the table has a CO₂ column: some offer of the page has an estimate.
    var showsEmissions: Bool
    /// On a TTY the key legend; on lines, the commands.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// The search worked but there is nothing to show: no offers at all, or none left after the filters.
struct NoOffersViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: AvailabilityHeaderViewModel
    /// What happened, in a sentence.
    var message: String
    /// What to do next.
    var suggestion: String
    /// The keys or commands that apply.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// The search failed, or was cancelled.
struct ErrorViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: AvailabilityHeaderViewModel
    /// What happened (``ServiceError/message``): an error, or a warning for a search the traveller cancelled.
    var notice: Notice
    /// Further problems, one per line (every field a validation error names).
    var details: [String]
    /// What to do (``ServiceError/suggestion``, and to edit the search when a field is wrong).
    var suggestion: String
    /// The keys or commands that apply.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// While a search runs.
struct LoadingViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers (as searched: codes, no counts yet).
    var header: AvailabilityHeaderViewModel
    /// The spinner's message.
    var message: String
    /// How to cancel (TTY only; empty on lines).
    var legend: String
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

/// The `table` presentation: every offer (or the first few), written once.
struct ReportViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: AvailabilityHeaderViewModel
    /// `Sort: price · 14 offers`.
    var status: String
    /// The offers.
    var rows: [OfferRowViewModel]
    /// Whether each line says which leg it is.
    var showsLegRoute: Bool
    /// Whether the table has a CO₂ column: some offer shown has an estimate.
    var showsEmissions: Bool
    /// A line after the table (`No flights found…`, `Showing 5 of 14 offers`), or `nil`.
    var footnote: String?
}

/// One whole state of the screen, as the page shows it.
enum AvailabilityScreen: Codable, Sendable, Equatable {
    /// A search is running.
    case loading(LoadingViewModel)
    /// A page of offers.
    case results(ResultsViewModel)
    /// No offers, or none left after the filters.
    case noOffers(NoOffersViewModel)
    /// The search failed or was cancelled.
    case error(ErrorViewModel)
    /// The date grid.
    case dateGrid(DateGridViewModel)
}
