import Entities
import Foundation
import Services

/// The search use case: turns what the traveller typed into a validated `SearchRequest`. It reads dates, counts and
/// time windows, asks the place service for suggestions, decides when a place is unambiguous, and applies the
/// booking rules of `Entities`. No UI types.
final class FlightSearchInteractor: Sendable {
    let places: any PlaceService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone

    /// Suggestion lists longer than this stop helping: the place the traveller means is near the top or needs
    /// more letters.
    static let suggestionLimit = 10

    init(places: any PlaceService, now: @escaping @Sendable () -> Date, timeZone: TimeZone) {
        self.places = places
        self.now = now
        self.timeZone = timeZone
    }

    /// Today in the traveller's time zone; read afresh each time, so a screen left open past midnight moves on.
    var today: CalendarDate { CalendarDate(now(), in: timeZone) }

    // MARK: Places

    /// The places matching `text`, best first.
    func suggestions(for text: String) async throws(ServiceError) -> [Place] {
        try await places.suggestions(for: text.trimmingCharacters(in: .whitespaces))
    }

    /// The place `text` names when it is a code typed in capitals (`JFK`, `LON`) that the suggestions hold. Typed in
    /// lower case (`lon`) it is a search like any other, so the traveller sees what else matches.
    static func exactCode(_ text: String, in places: [Place]) -> Place? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard BookingRules.isIATACode(trimmed) else { return nil }
        return places.first { $0.iataCode == trimmed }
    }

    /// The place `text` names without asking, for unattended mode: a code in any case, the only place (or one city
    /// with its airports) suggested, or a best suggestion whose name is what was typed and shared by no other.
    static func unambiguousMatch(_ text: String, in places: [Place]) -> Place? {
        let query = PlaceText.normalized(text)
        guard let best = places.first, !query.isEmpty else { return nil }
        if query.count == 3, let coded = places.first(where: { $0.iataCode.lowercased() == query }) {
            return coded
        }
        if query.count == 3, let city = places.first(where: { $0.airports.contains { $0.iataCode.lowercased() == query } }),
           let airport = city.airports.first(where: { $0.iataCode.lowercased() == query }) {
            return Place(airport)
        }
        // A code typed in capitals that no suggestion holds names none of them.
        if BookingRules.isIATACode(text.trimmingCharacters(in: .whitespaces)) { return nil }
        let group = PlaceGroup(best)
        let outsiders = places.dropFirst().filter { !group.contains($0) }
        if outsiders.isEmpty { return best }
        let names = PlaceText.names(of: best)
        guard names.contains(query) else { return nil }
        let rivals = outsiders.filter { PlaceText.names(of: $0).contains(query) }
        switch best.kind {
        case .city:
            // A metropolitan city outranks an airport that merely lies in a town of the same name.
            return rivals.contains { $0.kind == .city } ? nil : best
        case .airport:
            return rivals.isEmpty ? best : nil
        }
    }

    /// Finds the place `text` names for unattended mode, or says why it cannot.
    func resolveUnattended(_ text: String, field: FlightSearchField) async throws(ServiceError) -> Result<ChosenPlace, FlightSearchIssue> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return .failure(FlightSearchIssue(field: field, message: "Give a city, an airport or a three-letter code."))
        }
        let found = try await suggestions(for: trimmed)
        if found.isEmpty {
            return .failure(FlightSearchIssue(field: field, message: FlightSearchInputError.unknownPlace(trimmed).message))
        }
        if let place = Self.unambiguousMatch(trimmed, in: found) {
            return .success(ChosenPlace(place))
        }
        // A code typed in capitals that no suggestion holds is still that code, never another place: the search
        // sends it as it is and the API says whether it knows it.
        if BookingRules.isIATACode(trimmed) {
            return .success(ChosenPlace(Place(kind: .airport, iataCode: trimmed, name: trimmed, iataCountryCode: "")))
        }
        let choices = found.prefix(5).map { place in "\(place.iataCode) (\(ChosenPlace(place).longName))" }
        return .failure(FlightSearchIssue(
            field: field,
            message: "“\(trimmed)” could be several places; give one of these codes: \(choices.joined(separator: ", "))."))
    }

    /// `places` as Duffel writes them, a JSON array (pretty, keys sorted, so scripts and diffs see a stable text).
    static func json(_ places: [Place]) -> String? {
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(places) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Reading typed values

    /// A date typed for a departure. `+N` and weekdays count from `base` (today for the first leg, the outbound
    /// date for a return, the leg before for a later leg); named days and day-month dates from today.
    func date(_ text: String, base: CalendarDate? = nil) throws(FlightSearchInputError) -> CalendarDate {
        try FlightSearchDateReader(today: today).read(text, base: base ?? today)
    }

    /// A count typed in `range`, with `problem` as the message when it is not one.
    static func count(_ text: String, in range: ClosedRange<Int>, problem: String) throws(FlightSearchInputError) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 3, let value = Int(trimmed), range.contains(value) else {
            throw .unreadableCount(problem)
        }
        return value
    }

    /// Children's ages typed as `4, 9` (or `4 9`); `none`, `-` or nothing for no children.
    static func childAges(_ text: String) throws(FlightSearchInputError) -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if Self.noneWords.contains(trimmed) { return [] }
        let parts = trimmed.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace })
        var ages: [Int] = []
        for part in parts {
            guard part.count <= 3, let age = Int(part), age >= 0 else { throw .unreadableAges(text) }
            ages.append(age)
        }
        return ages
    }

    /// A departure window typed as `09:00-17:00`, `9-17`, `morning`, `afternoon` or `evening`; `nil` for any time.
    /// Whether it ends after it starts is the booking rules' to say (see ``issues(in:complete:)``).
    static func departureWindow(_ text: String) throws(FlightSearchInputError) -> TimeWindow? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if Self.noneWords.contains(trimmed) || trimmed == "any" || trimmed == "any time" || trimmed == "anytime" {
            return nil
        }
        if let named = Self.namedWindows[trimmed] {
            return TimeWindow(from: LocalTime(minutesSinceMidnight: named.0), to: LocalTime(minutesSinceMidnight: named.1))
        }
        let unified = trimmed.replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: " to ", with: "-")
        let ends = unified.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2 else { throw .unreadableWindow(text) }
        let from = try time(ends[0], in: text)
        let to = try time(ends[1], in: text)
        return TimeWindow(from: from, to: to)
    }

    private static func time(_ text: String, in whole: String) throws(FlightSearchInputError) -> LocalTime {
        if let time = LocalTime(text) { return time }
        if text.count <= 2, text.allSatisfy(\.isASCII), let hour = Int(text) {
            guard let time = LocalTime(hour: hour, minute: 0) else { throw .noSuchTime(text) }
            return time
        }
        if text.contains(":") { throw .noSuchTime(text) }
        throw .unreadableWindow(whole)
    }

    /// What a traveller types to leave an optional field empty.
    static let noneWords: Set<String> = ["", "none", "no", "-", "0 children", "no children", "one way", "one-way"]

    /// Part-of-day windows, in minutes since midnight; both ends inclusive, as Duffel reads them.
    static let namedWindows: [String: (Int, Int)] = [
        "morning": (5 * 60, 11 * 60 + 59),
        "afternoon": (12 * 60, 17 * 60 + 59),
        "evening": (18 * 60, 23 * 60 + 59),
    ]

    // MARK: Validation

    /// Every rule `draft` breaks, each placed on the field a traveller would change. With `complete`, missing
    /// fields are problems too; without, only what has been filled in is judged, so a form can be checked one
    /// field at a time.
    func issues(in draft: FlightSearchDraft, complete: Bool) -> [FlightSearchIssue] {
        let today = today
        var issues: [FlightSearchIssue] = []
        if complete {
            issues += draft.missingFields.map { FlightSearchIssue(field: $0, message: $0.missingMessage) }
        }
        issues += draft.moduleIssues()
        let probe = draft.probeRequest(today: today)
        let isRoundTrip = draft.isRoundTrip
        for issue in probe.validationIssues(today: today) {
            guard let field = FlightSearchField(path: issue.field, roundTrip: isRoundTrip) else { continue }
            // A missing place or date stands in the probe as a blank, which the rules would flag again.
            if draft.isMissing(field) { continue }
            // The return leg's places repeat the outbound's, and its order is said in the return's own words.
            if isRoundTrip, issue.field.hasPrefix("slices[1].") {
                if issue.field != "slices[1].departure_date" { continue }
                if issues.contains(where: { $0.field == .returnDate }) { continue }
            }
            let found = FlightSearchIssue(field: field, message: issue.message)
            if !issues.contains(found) { issues.append(found) }
        }
        return issues
    }

    /// The request `draft` makes, or the problems that keep it from being searched.
    func request(for draft: FlightSearchDraft) -> FlightSearchValidation {
        let problems = issues(in: draft, complete: true)
        // With nothing missing and nothing wrong, the probe has no blanks left: it is the request.
        return problems.isEmpty ? .valid(draft.probeRequest(today: today)) : .invalid(problems)
    }

    // MARK: Unattended

    /// Resolves and validates everything `input` says without asking anything.
    func unattendedRequest(for input: FlightSearchInput) async -> Result<SearchRequest, FlightSearchFailure> {
        var problems: [FlightSearchIssue] = []
        var draft = FlightSearchDraft(input: input)
        if input.legs.isEmpty {
            problems.append(FlightSearchIssue(
                field: .origin(leg: 0), message: "Give where from, where to and the departure date."))
        }
        if input.legs.count > BookingRules.maxSlices {
            problems.append(FlightSearchIssue(
                field: .legs, message: "At most \(BookingRules.maxSlices) legs can be searched at once."))
        }
        let legs = Array(input.legs.prefix(BookingRules.maxSlices))
        draft.legs = legs.map { _ in FlightSearchDraft.Leg() }
        do {
            for (index, leg) in legs.enumerated() {
                switch try await resolveUnattended(leg.from, field: .origin(leg: index)) {
                case .success(let place): draft.legs[index].from = place
                case .failure(let issue): problems.append(issue)
                }
                switch try await resolveUnattended(leg.to, field: .destination(leg: index)) {
                case .success(let place): draft.legs[index].to = place
                case .failure(let issue): problems.append(issue)
                }
            }
        } catch {
            return .failure(.service(error))
        }
        for (index, leg) in legs.enumerated() {
            let base = index > 0 ? draft.legs[index - 1].date : nil
            do {
                draft.legs[index].date = try date(leg.date, base: base)
            } catch {
                problems.append(FlightSearchIssue(field: .departure(leg: index), message: error.message))
            }
        }
        if let returnText = input.returnDate {
            if legs.count > 1 {
                problems.append(FlightSearchIssue(
                    field: .returnDate, message: "A return date goes with one leg; for multi-city give each leg its own date."))
            } else if let outbound = draft.legs.first?.date {
                do {
                    draft.returnDate = try date(returnText, base: outbound)
                } catch {
                    problems.append(FlightSearchIssue(field: .returnDate, message: error.message))
                }
            }
        }
        if let windowText = input.departureWindow {
            do {
                draft.departureWindow = try Self.departureWindow(windowText)
            } catch {
                problems.append(FlightSearchIssue(field: .departureWindow, message: error.message))
            }
        }
        // Fields already reported above (an unknown place, an unreadable date) are missing, not wrong again.
        let reported = Set(problems.map(\.field))
        var checked = issues(in: draft, complete: false)
        checked.removeAll { reported.contains($0.field) }
        problems += checked
        let legCount = max(1, draft.legs.count)
        if problems.isEmpty {
            switch request(for: draft) {
            case .valid(let request): return .success(request)
            case .invalid(let remaining): problems = remaining
            }
        }
        return .failure(.invalidInput(problems.map { "\($0.field.label(legCount: legCount)): \($0.message)" }))
    }
}

// MARK: - The form

/// A place the traveller settled on, with what the screen shows of it.
struct ChosenPlace: Sendable, Hashable {
    /// The IATA code searched: an airport (`LHR`) or a city (`LON`, all its airports).
    var code: String
    var kind: Place.Kind
    /// `London Heathrow Airport`, or the city's name.
    var name: String
    /// The city an airport serves.
    var cityName: String?
    /// The metropolitan city an airport belongs to (`LON` for LHR).
    var cityCode: String?
    var countryCode: String
    /// A city's airports, so "London" and "Heathrow" can be told apart as the same place.
    var airportCodes: [String]

    init(_ place: Place) {
        code = place.iataCode
        kind = place.kind
        name = place.name
        cityName = place.kind == .city ? place.name : place.cityName
        cityCode = place.kind == .city ? place.iataCode : place.iataCityCode
        countryCode = place.iataCountryCode
        airportCodes = place.airports.map(\.iataCode)
    }

    /// `London, all airports` or `London Heathrow Airport, London, United Kingdom`.
    var longName: String {
        switch kind {
        case .city: return "\(name), all airports, \(country)"
        case .airport:
            if let cityName, !name.localizedCaseInsensitiveContains(cityName) { return "\(name), \(cityName), \(country)" }
            return "\(name), \(country)"
        }
    }

    /// `London, all airports` or `London Heathrow Airport`.
    var shortName: String {
        kind == .city ? "\(name), all airports" : name
    }

    /// The country's name in English, or its code when the system does not know it.
    var country: String {
        Locale(identifier: "en_GB").localizedString(forRegionCode: countryCode) ?? countryCode
    }

    /// Whether flying between `self` and `other` would go nowhere: the same code, or a city and one of its airports.
    func overlaps(_ other: ChosenPlace) -> Bool {
        if code == other.code { return true }
        if kind == .city, airportCodes.contains(other.code) || other.cityCode == code { return true }
        if other.kind == .city, other.airportCodes.contains(code) || cityCode == other.code { return true }
        return false
    }
}

/// The search form as filled in so far. Nothing in it is text: what was typed has been read and resolved.
struct FlightSearchDraft: Sendable, Equatable {
    struct Leg: Sendable, Equatable {
        var from: ChosenPlace?
        var to: ChosenPlace?
        var date: CalendarDate?
    }

    var legs: [Leg] = [Leg()]
    /// Only for a one-leg trip: back from `to` to `from` on this day.
    var returnDate: CalendarDate?
    var adults = 1
    var childAges: [Int] = []
    var infants = 0
    var cabin: CabinClass = .economy
    var maxConnections = 1
    var departureWindow: TimeWindow?

    init() {}

    /// The draft with `input`'s numbers and choices; places, dates and the window are typed text, read elsewhere.
    init(input: FlightSearchInput) {
        adults = input.adults ?? 1
        childAges = input.childAges
        infants = input.infants ?? 0
        cabin = input.cabin ?? .economy
        maxConnections = input.maxConnections ?? 1
    }

    var isRoundTrip: Bool { legs.count == 1 && returnDate != nil }
    var isMultiCity: Bool { legs.count > 1 }

    var passengers: [PassengerSpec] {
        Array(repeating: .adult, count: max(0, adults)) + childAges.map { .child(age: $0) }
            + Array(repeating: .infantOnLap, count: max(0, infants))
    }

    /// The fields still empty, in the order they are asked.
    var missingFields: [FlightSearchField] {
        legs.enumerated().flatMap { index, leg -> [FlightSearchField] in
            var missing: [FlightSearchField] = []
            if leg.from == nil { missing.append(.origin(leg: index)) }
            if leg.to == nil { missing.append(.destination(leg: index)) }
            if leg.date == nil { missing.append(.departure(leg: index)) }
            return missing
        }
    }

    func isMissing(_ field: FlightSearchField) -> Bool {
        missingFields.contains(field)
    }

    /// The rules that are about how the form is filled in rather than about the request: a return after the
    /// outbound, and not flying from a city to one of its own airports.
    func moduleIssues() -> [FlightSearchIssue] {
        var issues: [FlightSearchIssue] = []
        for (index, leg) in legs.enumerated() {
            if let from = leg.from, let to = leg.to, from.code != to.code, from.overlaps(to) {
                issues.append(FlightSearchIssue(
                    field: .destination(leg: index),
                    message: "\(to.shortName) (\(to.code)) and \(from.shortName) (\(from.code)) are the same place; choose another destination."))
            }
        }
        if legs.count == 1, let outbound = legs[0].date, let back = returnDate, back < outbound {
            issues.append(FlightSearchIssue(
                field: .returnDate,
                message: "The return date, \(FlightSearchDateReader.display(back)), is before the outbound date, \(FlightSearchDateReader.display(outbound)); choose \(outbound) or later."))
        }
        return issues
    }

    /// The request the form makes, with blanks where it is incomplete, so the booking rules can judge the rest.
    func probeRequest(today: CalendarDate) -> SearchRequest {
        var slices = legs.map { leg in
            SearchSlice(
                origin: leg.from?.code ?? "", destination: leg.to?.code ?? "",
                departureDate: leg.date ?? today, departureTime: departureWindow)
        }
        if legs.count == 1, let back = returnDate, let leg = legs.first {
            slices.append(SearchSlice(
                origin: leg.to?.code ?? "", destination: leg.from?.code ?? "", departureDate: back,
                departureTime: departureWindow))
        }
        return SearchRequest(slices: slices, passengers: passengers, cabinClass: cabin, maxConnections: maxConnections)
    }
}

/// A field of the form, as the traveller knows it.
enum FlightSearchField: Hashable, Sendable {
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
struct FlightSearchIssue: Hashable, Sendable, Error {
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
    case unreadableWindow(String)
    case noSuchTime(String)
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
        case .unreadableWindow(let text):
            return "“\(text)” is not a time window. Type one like 09:00-17:00, 9-17, morning, afternoon or evening; or any."
        case .noSuchTime(let text):
            return "“\(text)” is not a time of day; use 00:00 to 23:59."
        case .unknownPlace(let text):
            return "No airport or city matches “\(text)”. Try a city or an airport name, or a three-letter code."
        }
    }
}

// MARK: - Dates

/// Reads the dates travellers type: `2026-12-18`, `today`, `tomorrow`, `+7`, `fri`, `18 dec`, `dec 18`,
/// `18 december`, with an optional year (`18 dec 2027`).
struct FlightSearchDateReader {
    let today: CalendarDate

    /// More than this many days ahead is a typing slip, not a trip (and would overflow the calendar's arithmetic).
    static let maximumDaysAhead = 999

    func read(_ text: String, base: CalendarDate) throws(FlightSearchInputError) -> CalendarDate {
        let original = text.trimmingCharacters(in: .whitespaces)
        let words = original.lowercased()
            .replacingOccurrences(of: ",", with: " ")
            .split(whereSeparator: \.isWhitespace)
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { !$0.isEmpty }
        guard !words.isEmpty else { throw .unreadableDate(original) }
        let joined = words.joined(separator: " ")

        switch joined {
        case "today": return today
        case "tomorrow", "tmrw", "tmr": return today.adding(days: 1)
        default: break
        }
        if joined.hasPrefix("+") {
            return try relative(String(joined.dropFirst()), from: base, original: original)
        }
        if words.count == 1, joined.contains("-") {
            return try iso(joined, original: original)
        }
        var dayWords = words
        if dayWords.count == 2, dayWords[0] == "next" || dayWords[0] == "this" { dayWords.removeFirst() }
        if dayWords.count == 1, let weekday = Self.weekdays[dayWords[0]] {
            // A weekday is the next one after the base day: "fri" on a Friday means a week later.
            let ahead = (weekday.rawValue - base.weekday.rawValue + 7) % 7
            return base.adding(days: ahead == 0 ? 7 : ahead)
        }
        return try dayAndMonth(words, original: original, after: base)
    }

    private func relative(_ rest: String, from base: CalendarDate, original: String) throws(FlightSearchInputError) -> CalendarDate {
        let number = rest.prefix { $0.isASCII && $0.isNumber }
        let unit = rest.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty else { throw .unreadableDate(original) }
        guard number.count <= 4, let count = Int(number) else { throw .tooFarAhead(original) }
        let days: Int
        switch unit {
        case "", "d", "day", "days": days = count
        case "w", "wk", "week", "weeks": days = count * 7
        default: throw .unreadableDate(original)
        }
        guard days <= Self.maximumDaysAhead else { throw .tooFarAhead(original) }
        return base.adding(days: days)
    }

    private func iso(_ text: String, original: String) throws(FlightSearchInputError) -> CalendarDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw .unreadableDate(original)
        }
        return try exact(year: year, month: month, day: day, original: original)
    }

    private func exact(year: Int, month: Int, day: Int, original: String) throws(FlightSearchInputError) -> CalendarDate {
        guard (1...12).contains(month) else { throw .noSuchDate(original, reason: "months go from 1 to 12") }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            let days = CalendarDate.daysIn(month: month, year: max(1, year))
            throw .noSuchDate(original, reason: "\(Self.monthNames[month - 1]) \(year) has \(days) days")
        }
        return date
    }

    /// `18 dec`, `dec 18`, `18 december 2026`. Without a year, the next such day on or after today; for a return
    /// (or a later leg) after an outbound in a later year, that year's: `5 jul` typed as the return of a flight on
    /// 25 June next year is that July's. A day before the outbound in the same year stays as typed, so the
    /// traveller hears it is before the outbound rather than finding it moved a year on.
    private func dayAndMonth(
        _ words: [String], original: String, after base: CalendarDate
    ) throws(FlightSearchInputError) -> CalendarDate {
        guard (2...3).contains(words.count) else { throw .unreadableDate(original) }
        var year: Int?
        var rest = words
        if words.count == 3 {
            guard words[2].count == 4, let typedYear = Int(words[2]) else { throw .unreadableDate(original) }
            year = typedYear
            rest.removeLast()
        }
        let month: Int
        let day: Int
        if let first = Self.month(rest[0]), let second = Self.dayNumber(rest[1]) {
            (month, day) = (first, second)
        } else if let first = Self.dayNumber(rest[0]), let second = Self.month(rest[1]) {
            (month, day) = (second, first)
        } else {
            throw .unreadableDate(original)
        }
        if let year { return try exact(year: year, month: month, day: day, original: original) }
        guard day <= Self.longestMonth(month) else {
            throw .noSuchDate(original, reason: "\(Self.monthNames[month - 1]) has \(Self.longestMonth(month)) days")
        }
        // The next such day on or after today: "18 jan" typed in December is next year's.
        for candidateYear in [today.year, today.year + 1] {
            guard let date = CalendarDate(year: candidateYear, month: month, day: day), date >= today else { continue }
            if date < base, let inBaseYear = CalendarDate(year: base.year, month: month, day: day), inBaseYear >= base {
                return inBaseYear
            }
            return date
        }
        var leapYear = today.year + 2
        while CalendarDate(year: leapYear, month: month, day: day) == nil { leapYear += 1 }
        let next = CalendarDate(year: leapYear, month: month, day: day) ?? today
        throw .noLeapDaySoon("\(day) \(Self.monthNames[month - 1])", next: next)
    }

    private static func longestMonth(_ month: Int) -> Int {
        CalendarDate.daysIn(month: month, year: 2000)
    }

    private static func dayNumber(_ word: String) -> Int? {
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = String(digits.dropLast(suffix.count))
        }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let day = Int(digits), (1...31).contains(day) else { return nil }
        return day
    }

    private static func month(_ word: String) -> Int? {
        if let index = monthNames.firstIndex(where: { $0.lowercased() == word }) { return index + 1 }
        if word == "sept" { return 9 }
        guard word.count == 3 else { return nil }
        return monthNames.firstIndex { $0.lowercased().hasPrefix(word) }.map { $0 + 1 }
    }

    static let monthNames = TravelFormat.monthNames

    static let weekdays: [String: Weekday] = [
        "mon": .monday, "monday": .monday,
        "tue": .tuesday, "tues": .tuesday, "tuesday": .tuesday,
        "wed": .wednesday, "weds": .wednesday, "wednesday": .wednesday,
        "thu": .thursday, "thur": .thursday, "thurs": .thursday, "thursday": .thursday,
        "fri": .friday, "friday": .friday,
        "sat": .saturday, "saturday": .saturday,
        "sun": .sunday, "sunday": .sunday,
    ]

    /// `Fri 18 Dec 2026`: the weekday makes a date typed as `+7` or `fri` easy to check at a glance.
    static func display(_ date: CalendarDate) -> String {
        TravelFormat.day(date)
    }
}

// MARK: - Place text

/// Comparing what was typed with place names: case, accents and spacing do not count.
enum PlaceText {
    static func normalized(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "/" })
            .joined(separator: " ")
    }

    /// The names a traveller may type for a place: a city's name; an airport's name with and without words such
    /// as "airport", and the city it serves.
    static func names(of place: Place) -> Set<String> {
        var names: Set<String> = [normalized(place.name)]
        if place.kind == .airport {
            let generic: Set<String> = ["airport", "international", "intl"]
            names.insert(normalized(place.name).split(separator: " ").filter { !generic.contains(String($0)) }
                .joined(separator: " "))
            if let city = place.cityName { names.insert(normalized(city)) }
        }
        return names
    }
}

/// A city and the airports that belong to it, as suggestions list them together.
struct PlaceGroup {
    let code: String
    let airportCodes: Set<String>

    init(_ head: Place) {
        code = head.kind == .city ? head.iataCode : (head.iataCityCode ?? head.iataCode)
        airportCodes = Set(head.airports.map(\.iataCode))
    }

    func contains(_ place: Place) -> Bool {
        place.iataCode == code || place.iataCityCode == code || airportCodes.contains(place.iataCode)
    }
}
