import TerminalUI

// What the search screen shows, already in words: the view only lays it out.

/// A question the screen puts to the traveller.
enum FlightSearchQuestion: Equatable, Sendable, Codable {
    /// A line of text, with the current value as the default.
    case text(FlightSearchTextQuestion)
    /// One of a list.
    case choice(FlightSearchChoiceQuestion)
    /// Enter or a letter: what to do next.
    case action(FlightSearchActionQuestion)
}

/// A line of text to type.
struct FlightSearchTextQuestion: Equatable, Sendable, Codable {
    /// `From:`, `Depart (e.g. 18 dec, fri, +7):`.
    var prompt: String
    /// What Enter gives: the field's current value.
    var defaultValue: String?
}

/// A list to choose from, as a table when it has column titles.
struct FlightSearchChoiceQuestion: Equatable, Sendable, Codable {
    /// `From`, `Cabin`.
    var title: String
    /// Column titles; empty for a plain list of the rows' first cells.
    var columns: [String]
    /// One row per option.
    var rows: [[String]]
    /// The option Enter takes.
    var defaultIndex: Int
}

/// Enter for the main thing, a key for each other.
struct FlightSearchActionQuestion: Equatable, Sendable, Codable {
    /// One thing the traveller can do.
    struct Option: Equatable, Sendable, Codable {
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

/// The top of the screen.
struct FlightSearchHeaderViewModel: Equatable, Sendable, Codable {
    var title: String
    /// How to type and how to leave.
    var hint: String
}

/// Every field of the form with its value: the screen as it comes back after a search.
struct FlightSearchFormViewModel: Equatable, Sendable, Codable {
    /// `From`, `London, all airports, United Kingdom (LON)`.
    var rows: [KeyValueList.Row]
}

/// The whole search on one line: route, dates, passengers, cabin, connections, time window.
struct FlightSearchSummaryViewModel: Equatable, Sendable, Codable {
    /// The pieces, joined with `·` and wrapped between pieces when the line is too narrow.
    var parts: [String]
}

/// The legs of a multi-city trip, numbered.
struct FlightSearchLegsViewModel: Equatable, Sendable, Codable {
    /// `1.`, `London (LON) → New York (NYC)`, `Fri 18 Dec 2026`.
    var rows: [[String]]
}

/// What went wrong and how to go on.
struct FlightSearchErrorViewModel: Equatable, Sendable, Codable {
    /// One sentence each.
    var messages: [String]
    /// What to do next (`Press Enter to try again…`).
    var hint: String?
}

/// Places listed for a look-up, for a person (a table) or for a program (JSON).
enum FlightSearchPlacesViewModel: Equatable, Sendable, Codable {
    case table(columns: [String], rows: [[String]])
    case json(String)
}
