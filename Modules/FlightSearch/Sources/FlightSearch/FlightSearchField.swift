import Entities

/// A field of the form, as the traveller knows it.
enum FlightSearchField: Hashable, Sendable, Codable {
    case origin(leg: Int)
    case destination(leg: Int)
    case departure(leg: Int)
    case returnDate
    case passengers
    case cabin
    case connections
    case departureWindow
    case legs

    /// The field a booking rule's path (`slices[1].departure_date`) points at.
    init?(path: String, roundTrip: Bool) {
        if path.hasPrefix("passengers") { self = .passengers; return }
        switch path {
        case "max_connections": self = .connections; return
        case "cabin_class": self = .cabin; return
        case "slices": self = .legs; return
        default: break
        }
        guard path.hasPrefix("slices["), let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]) else { return nil }
        let name = path[path.index(after: close)...]
        switch name {
        case ".origin": self = roundTrip && index == 1 ? .destination(leg: 0) : .origin(leg: index)
        case ".destination": self = roundTrip && index == 1 ? .origin(leg: 0) : .destination(leg: index)
        case ".departure_date": self = roundTrip && index == 1 ? .returnDate : .departure(leg: index)
        case ".departure_time", ".arrival_time": self = .departureWindow
        default: return nil
        }
    }

    /// What to say when the field is still empty at search time.
    var missingMessage: String {
        switch self {
        case .origin: "Give where from: a city, an airport or a three-letter code."
        case .destination: "Give where to: a city, an airport or a three-letter code."
        case .departure: "Give the departure date, like 2026-12-18, 18 dec or fri."
        case .returnDate: "Give the return date, or leave it out for a one-way trip."
        case .passengers: "Give at least one adult."
        case .cabin: "Choose a cabin."
        case .connections: "Choose how many connections are acceptable."
        case .departureWindow: "Give a departure window, or any."
        case .legs: "Give at least one leg."
        }
    }

    /// `From`, `Leg 2 to`, `Depart`, `Passengers`: how the screen names the field.
    func label(legCount: Int) -> String {
        func leg(_ index: Int, _ name: String) -> String {
            legCount > 1 ? "Leg \(index + 1) \(name.lowercased())" : name
        }
        switch self {
        case .origin(let index): return leg(index, "From")
        case .destination(let index): return leg(index, "To")
        case .departure(let index): return leg(index, "Depart")
        case .returnDate: return "Return"
        case .passengers: return "Passengers"
        case .cabin: return "Cabin"
        case .connections: return "Connections"
        case .departureWindow: return "Departure time"
        case .legs: return "Legs"
        }
    }
}

/// A form judged whole: the request it makes, or what keeps it from being searched.
enum FlightSearchValidation: Equatable, Sendable {
    case valid(SearchRequest)
    case invalid([FlightSearchIssue])
}

/// A rule broken, on the field to change.
struct FlightSearchIssue: Hashable, Sendable, Codable, Error {
    var field: FlightSearchField
    var message: String
}

/// Why typed text could not be read, in words that say what to type instead.
enum FlightSearchInputError: Error, Hashable, Sendable {
    case unreadableDate(String)
    case noSuchDate(String, reason: String)
    case noLeapDaySoon(String, next: CalendarDate)
    case tooFarAhead(String)
    case unreadableCount(String)
    case unreadableAges(String)
    case unknownPlace(String)

    var message: String {
        switch self {
        case .unreadableDate(let text):
            return "“\(text)” is not a date. Type one like 2026-12-18, 18 dec, fri, tomorrow or +7."
        case .noSuchDate(let text, let reason):
            return "“\(text)” is not a date: \(reason)."
        case .noLeapDaySoon(let text, let next):
            return "There is no \(text) in the next twelve months; type \(next) if that is the day you mean."
        case .tooFarAhead(let text):
            return "“\(text)” is too far ahead; flights are sold up to about a year ahead."
        case .unreadableCount(let problem):
            return problem
        case .unreadableAges(let text):
            return "“\(text)” is not a list of ages. Type each child's age as a number, like 4, 9; or none."
        case .unknownPlace(let text):
            return "No airport or city matches “\(text)”. Try a city or an airport name, or a three-letter code."
        }
    }
}

