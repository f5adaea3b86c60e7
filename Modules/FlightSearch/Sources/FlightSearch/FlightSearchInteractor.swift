import Entities
import Foundation
import Services

/// Runs the search screen's service calls: place suggestions, and the whole unattended search (resolving each place
/// without asking, then the same reading and rules as the form). Reads the clock for "today". No UI types.
final class FlightSearchInteractor: Sendable {
    let places: any PlaceService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone

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
        if let place = FlightSearchPlaces.unambiguousMatch(trimmed, in: found) {
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

    /// Every place of `lookups` resolved at once (a real API is a round trip away for each), answered in their order;
    /// the first service failure in that order, if any, is thrown.
    func resolveUnattended(
        _ lookups: [(text: String, field: FlightSearchField)]
    ) async throws(ServiceError) -> [Result<ChosenPlace, FlightSearchIssue>] {
        let answers = await withTaskGroup(of: (Int, LookupAnswer).self) { group in
            for (index, lookup) in lookups.enumerated() {
                group.addTask { (index, await self.lookUp(lookup.text, field: lookup.field)) }
            }
            var answers = [LookupAnswer?](repeating: nil, count: lookups.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        var places: [Result<ChosenPlace, FlightSearchIssue>] = []
        for answer in answers {
            guard let answer else { throw .cancelled }
            places.append(try answer.get())
        }
        return places
    }

    /// One place of an unattended search, or the service's failure, as a value that can cross from a child task.
    private typealias LookupAnswer = Result<Result<ChosenPlace, FlightSearchIssue>, ServiceError>

    private func lookUp(_ text: String, field: FlightSearchField) async -> LookupAnswer {
        do {
            return .success(try await resolveUnattended(text, field: field))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Reading and judging (unattended mode, and tests)

    /// A date typed for a departure, as ``FlightSearchDateReader`` reads it with today from the clock.
    func date(_ text: String, base: CalendarDate? = nil) throws(FlightSearchInputError) -> CalendarDate {
        let today = today
        return try FlightSearchDateReader(today: today).read(text, base: base ?? today)
    }

    /// Every rule `draft` breaks today (see ``FlightSearchRules/issues(in:complete:today:)``).
    func issues(in draft: FlightSearchDraft, complete: Bool) -> [FlightSearchIssue] {
        FlightSearchRules.issues(in: draft, complete: complete, today: today)
    }

    /// The request `draft` makes today, or the problems that keep it from being searched.
    func request(for draft: FlightSearchDraft) -> FlightSearchValidation {
        FlightSearchRules.request(for: draft, today: today)
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
        let lookups = legs.enumerated().flatMap { index, leg in
            [(leg.from, FlightSearchField.origin(leg: index)), (leg.to, FlightSearchField.destination(leg: index))]
        }
        let answers: [Result<ChosenPlace, FlightSearchIssue>]
        do {
            answers = try await resolveUnattended(lookups)
        } catch {
            return .failure(.service(error))
        }
        for (offset, answer) in answers.enumerated() {
            switch answer {
            case .success(let place) where offset.isMultiple(of: 2): draft.legs[offset / 2].from = place
            case .success(let place): draft.legs[offset / 2].to = place
            case .failure(let issue): problems.append(issue)
            }
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
                draft.departureWindow = try FlightSearchCommands.departureWindow(windowText)
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
