import Entities
import TerminalUI

/// What the search screen shows, as pure functions of its state.
extension FlightSearchState {
    /// The top of the screen.
    var header: FlightSearchHeaderViewModel {
        FlightSearchHeaderViewModel(
            title: "Search flights",
            hint: "Type a city, an airport or a code. \(backKey) goes back a step; q leaves.")
    }

    /// The question the current step puts.
    var question: FlightSearchQuestion { question(for: step) }

    /// The question `step` puts.
    func question(for step: FlightSearchStep) -> FlightSearchQuestion {
        switch step {
        case .choosePlace(let field):
            return .choice(FlightSearchChoiceQuestion(
                title: field.label(legCount: draft.legs.count), columns: FlightSearchPlaces.columns,
                rows: suggestions.map(FlightSearchPlaces.row), defaultIndex: 0))
        case .cabin:
            return .choice(FlightSearchChoiceQuestion(
                title: "Cabin", columns: [], rows: CabinClass.allCases.map { [$0.displayName] },
                defaultIndex: CabinClass.allCases.firstIndex(of: draft.cabin) ?? 0))
        case .connections:
            return .choice(FlightSearchChoiceQuestion(
                title: "Connections", columns: [],
                rows: BookingRules.connectionRange.map { [TravelFormat.connections($0, short: false)] },
                defaultIndex: min(max(0, draft.maxConnections), BookingRules.connectionRange.upperBound)))
        case .review:
            return .action(reviewQuestion)
        case .legs:
            return .action(legsQuestion)
        default:
            return .text(FlightSearchTextQuestion(prompt: prompt(for: step), defaultValue: defaultValue(for: step)))
        }
    }

    private func prompt(for step: FlightSearchStep) -> String {
        let legCount = draft.legs.count
        switch step {
        case .origin(let leg): return FlightSearchField.origin(leg: leg).label(legCount: legCount) + ":"
        case .destination(let leg): return FlightSearchField.destination(leg: leg).label(legCount: legCount) + ":"
        case .departure(let leg):
            let label = FlightSearchField.departure(leg: leg).label(legCount: legCount)
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

    private var reviewQuestion: FlightSearchActionQuestion {
        FlightSearchActionQuestion(
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

    private var legsQuestion: FlightSearchActionQuestion {
        let count = draft.legs.count
        var options: [FlightSearchActionQuestion.Option] = []
        if count < BookingRules.maxSlices { options.append(.init(key: "a", label: "add a leg", accepts: ["a"])) }
        if count > 1 { options.append(.init(key: "d", label: "remove the last leg", accepts: ["d"])) }
        options.append(.init(
            key: count == 1 ? "1" : "1–\(count)", label: "change a leg", accepts: (1...max(1, count)).map(String.init)))
        options.append(.init(key: backKey, label: "back", accepts: ["b"]))
        return FlightSearchActionQuestion(prompt: "Enter when done, or a key:", enterLabel: "done", options: options)
    }

    /// The whole search on one line: `LON → NYC · Fri 18 Dec, one way · 1 adult · Economy · ≤1 connection · any time`.
    var summary: FlightSearchSummaryViewModel {
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
        return FlightSearchSummaryViewModel(parts: [
            route, dates, TravelFormat.passengers(draft.passengers), draft.cabin.displayName,
            TravelFormat.connections(draft.maxConnections, short: true),
            TravelFormat.window(draft.departureWindow, short: true),
        ])
    }

    /// Every field with its value: the screen as it comes back after a search.
    var form: FlightSearchFormViewModel {
        typealias Row = KeyValueList.Row
        func place(_ place: ChosenPlace?) -> String {
            place.map { TravelFormat.named($0.longName, code: $0.code) } ?? "–"
        }
        func date(_ date: CalendarDate?) -> String {
            date.map(FlightSearchDateReader.display) ?? "–"
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
                Row("Return", draft.returnDate.map(FlightSearchDateReader.display) ?? "none (one way)"),
            ]
        }
        rows += [
            Row("Passengers", TravelFormat.passengers(draft.passengers)),
            Row("Cabin", draft.cabin.displayName),
            Row("Connections", TravelFormat.connections(draft.maxConnections, short: false)),
            Row("Departure time", draft.departureWindow?.description ?? "Any time"),
        ]
        return FlightSearchFormViewModel(rows: rows)
    }

    /// The legs of a multi-city trip, numbered.
    var legs: FlightSearchLegsViewModel {
        FlightSearchLegsViewModel(rows: draft.legs.enumerated().map { index, leg in
            ["\(index + 1).", "\(Self.city(leg.from, "?")) → \(Self.city(leg.to, "?"))",
             leg.date.map(FlightSearchDateReader.display) ?? "?"]
        })
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
