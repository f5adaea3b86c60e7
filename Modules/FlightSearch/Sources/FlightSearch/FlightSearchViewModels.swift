import Entities
import Trips
import ModuleCore
import TerminalUI

/// What the search screen shows, as pure functions of its state: the page, the lines printed in the conversation,
/// and the place tables.
extension FlightSearchState {
    /// The top of the screen: the title and how to use it; the input's problems; the form when coming back.
    var page: [ScreenBlock] {
        var page: [ScreenBlock] = [
            .blank, .header("Search flights"), .hint("Type a city, an airport or a code. \(backKey) goes back a step; q leaves."),
        ]
        page += inputProblems.map { .notice(Notice(.error, $0)) }
        if let shownForm { page += [.blank, .rows(KeyValueList(rows: shownForm)), .blank] }
        return page
    }

    /// The search on one line, printed when the review comes up: wrapped between pieces when too narrow.
    var summaryBlocks: [ScreenBlock] {
        [.blank, .drawing(Self.joined(summary, width: columns - 1).map { StyledLine([StyledRun($0, .bold)]) })]
    }

    /// The legs of a multi-city trip, printed when the list of legs comes up.
    var legsBlocks: [ScreenBlock] {
        let table = Table(
            columns: [
                .init("", alignment: .right, priority: 3),
                .init("Route", priority: 2, flexible: true, minimumWidth: 12),
                .init("Date", priority: 1),
            ],
            rows: legs, showsHeader: false)
        return [.header("Legs"), .table(table, indent: 2)]
    }

    /// `Enter search · p passengers · …` above the review's or the legs' one-key question, wrapped between items;
    /// `nil` for the other steps.
    var keyHelpBlocks: [ScreenBlock]? {
        // "Leave? [y/N]" says its keys in the prompt.
        guard step != .leaving, let keys = keyQuestion else { return nil }
        let items = [("Enter", keys.enterLabel)] + keys.options.map { ($0.key, $0.label) }
        let lines = Self.joined(items.map { "\($0.0) \($0.1)" }, width: columns - 1)
        return [.drawing(lines.map { line in
            var runs: [StyledRun] = []
            for (index, item) in line.components(separatedBy: " · ").enumerated() {
                if index > 0 { runs.append(StyledRun(" · ", .dim)) }
                let key = item.prefix { $0 != " " }
                runs += [StyledRun(String(key), .accent), StyledRun(String(item.dropFirst(key.count)), .dim)]
            }
            return StyledLine(runs)
        })]
    }

    /// What `?` prints for the question asked: what to type, with examples, then the keys that move about.
    var helpBlocks: [ScreenBlock] {
        [.hint(helpText, indent: 2), .hint("\(backKey) goes back a step · q leaves · ? this help", indent: 2)]
    }

    /// What to type at the question asked, with examples.
    private var helpText: String {
        switch step {
        case .origin:
            return "Where you fly from: a city, an airport or a code, like London, Heathrow or LHR."
        case .destination:
            return "Where you fly to: a city, an airport or a code, like New York, JFK or Paris."
        case .departure(let leg) where leg > 0:
            return "The day this leg leaves: a date like 18 dec or 2026-12-18, or +3 for three days after leg \(leg)."
        case .departure:
            return "The day you leave: 18 dec, 2026-12-18, fri, tomorrow, or +7 for a week from today."
        case .returnDate:
            return "The day you fly back: 28 dec, or +7 for a week after departure; none (or blank) for one way."
        case .adults:
            return "How many adults travel, 1 to \(BookingRules.maxPassengers). Children and infants are asked next."
        case .children:
            return "Each child's age on the day of travel, like 4, 9; none for no children."
        case .infants:
            return "How many infants under \(BookingRules.infantAgeLimit) sit on an adult's lap, one per adult; 0 for none."
        case .departureWindow:
            return "When flights may leave, on every leg: 09:00-17:00, 9-17, morning, afternoon, evening, or any."
        case .review:
            return "Enter searches. A letter changes one thing: p passengers, c cabin, o connections, t departure time,"
                + " r route and dates, m multi-city."
        case .leaving:
            return "y leaves the search; n or Enter stays here, with everything kept."
        case .legs:
            return "Enter when the legs are right. a adds a leg, d removes the last one, a leg's number changes it."
        case .choosePlace, .cabin, .connections, .done:
            return "Move with ↑ and ↓ and press Enter, or type an option's number."
        }
    }

    /// `  → Fri 18 Dec 2026`: what an answer was read as.
    static func confirmation(_ text: String) -> ScreenBlock {
        .drawing([StyledLine([StyledRun("  "), StyledRun("→ ", .dim), StyledRun(text)])])
    }

    /// Pieces joined with ` · `, starting a new line between pieces when the next would not fit.
    static func joined(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " · " + part
            if !current.isEmpty, TerminalText.displayWidth(of: candidate) > width {
                lines.append(current)
                current = part
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The whole search on one line: `LON → NYC · Fri 18 Dec, one way · 1 adult · Economy · ≤1 connection · any time`.
    var summary: [String] {
        func day(_ date: CalendarDate?) -> String {
            guard let date else { return "?" }
            return TravelFormat.day(date, withYear: date.year != today.year)
        }
        let codes = draft.legs.map { (from: $0.from?.code ?? "?", to: $0.to?.code ?? "?") }
        let route = TravelFormat.route(codes, roundTrip: draft.isRoundTrip)
        let dates: String
        if draft.isMultiCity {
            dates = draft.legs.map { day($0.date) }.joined(separator: ", ")
        } else if let back = draft.returnDate {
            dates = "\(day(draft.legs.first?.date)) – \(day(back))"
        } else {
            dates = "\(day(draft.legs.first?.date)), one way"
        }
        return [
            route, dates, TravelFormat.passengers(draft.passengers), draft.cabin.displayName,
            TravelFormat.connections(draft.maxConnections, short: true),
            TravelFormat.window(draft.departureWindow, short: true),
        ]
    }

    /// Every field with its value: the screen as it comes back after a search.
    var form: [KeyValueList.Row] {
        typealias Row = KeyValueList.Row
        func place(_ place: ChosenPlace?) -> String {
            place.map { TravelFormat.named($0.longName, code: $0.code) } ?? "–"
        }
        func date(_ date: CalendarDate?) -> String {
            date.map { TravelFormat.day($0) } ?? "–"
        }
        var rows: [Row] = []
        if draft.isMultiCity {
            for (index, leg) in draft.legs.enumerated() {
                rows.append(Row("Leg \(index + 1)", "\(Self.city(leg.from, "–")) → \(Self.city(leg.to, "–")), \(date(leg.date))"))
            }
        } else {
            let leg = draft.legs.first
            rows += [
                Row("From", place(leg?.from)),
                Row("To", place(leg?.to)),
                Row("Depart", date(leg?.date)),
                Row("Return", draft.returnDate.map { TravelFormat.day($0) } ?? "none (one way)"),
            ]
        }
        rows += [
            Row("Passengers", TravelFormat.passengers(draft.passengers)),
            Row("Cabin", draft.cabin.displayName),
            Row("Connections", TravelFormat.connections(draft.maxConnections, short: false)),
            Row("Departure time", draft.departureWindow?.description ?? "Any time"),
        ]
        return rows
    }

    /// The legs of a multi-city trip, numbered.
    var legs: [[String]] {
        draft.legs.enumerated().map { index, leg in
            ["\(index + 1).", "\(Self.city(leg.from, "?")) → \(Self.city(leg.to, "?"))",
             leg.date.map { TravelFormat.day($0) } ?? "?"]
        }
    }

    /// `London (LON)`, or `missing` when no place is chosen.
    private static func city(_ place: ChosenPlace?, _ missing: String) -> String {
        place.map { TravelFormat.named($0.cityName ?? $0.name, code: $0.code) } ?? missing
    }
}

extension Array {
    /// The element at `index`, or `nil` outside the array.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
