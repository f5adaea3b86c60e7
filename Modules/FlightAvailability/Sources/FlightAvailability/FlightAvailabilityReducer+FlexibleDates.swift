import Entities
import Foundation
import ModuleCore
import Services

/// The flexible-dates grid: the cheapest price per day around the searched date, a few days searched at once,
/// each under its own id so a stopped day's late answer is ignored.
extension FlightAvailabilityReducer {
    /// `d` or `dates`: open the grid around the search.
    static func openFlexibleDates(_ state: inout State) -> Effects {
        guard state.phase == .results, let result = state.result else {
            return problem(AvailabilityViewModels.unavailable("see other dates", state))
        }
        let request = state.request
        let dates = AvailabilityOffers.flexibleDates(around: request, today: state.today)
        let searched = request.slices.first?.departureDate
        var fares: [CalendarDate: FlexibleDateFare] = [:]
        for date in dates {
            if let known = state.fareCache[request.shifted(toDepartOn: date)] { fares[date] = known }
        }
        // The day searched is already known in full: no need to search it again.
        if let searched, dates.contains(searched) {
            let cheapest = result.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }
            let outcome: FlexibleDateFare = cheapest.map { .cheapest($0.totalAmount) } ?? .noOffers
            fares[searched] = outcome
            state.fareCache[request] = outcome
        }
        state.flexible = FlightAvailabilityState.FlexibleDates(
            request: request, dates: dates, fares: fares,
            highlight: searched.flatMap { dates.firstIndex(of: $0) } ?? 0)
        state.phase = .flexibleDates
        state.typedNumber = ""
        return fetchMissingFares(&state)
    }

    /// Starts the searches of days with no price yet, at most a few at once; a day whose search breaks the rules
    /// fails at once, without a call.
    static func fetchMissingFares(_ state: inout State) -> Effects {
        guard var dates = state.flexible else { return [] }
        let missing = dates.dates.filter { dates.fares[$0] == nil && dates.pending[$0] == nil }
        var room = max(0, AvailabilityOffers.maxParallelSearches - dates.pending.count)
        var effects: Effects = []
        for date in missing where room > 0 {
            let request = dates.request.shifted(toDepartOn: date)
            if let refusal = refusal(of: request, today: state.today) {
                dates.fares[date] = .failed(refusal)
                continue
            }
            let id = state.nextRequestID
            state.nextRequestID += 1
            dates.pending[date] = id
            room -= 1
            effects.append(.run(.searchFare(id: id, date: date, request)))
        }
        state.flexible = dates
        return effects
    }

    /// One day's price arrived: keep it and search the next day. The grid shows it at once on a TTY, and once
    /// complete on lines (see ``screen(_:)``).
    static func fareAnswered(
        _ state: inout State, id: Int, date: CalendarDate, _ answer: Outcome<Money?, ServiceError>
    ) -> Effects {
        guard var dates = state.flexible, dates.pending[date] == id else { return [] }
        dates.pending[date] = nil
        let outcome: FlexibleDateFare
        switch answer {
        case .success(let money?): outcome = .cheapest(money)
        case .success(nil): outcome = .noOffers
        case .failure(let error): outcome = .failed(error)
        }
        dates.fares[date] = outcome
        if case .failed = outcome {} else {
            state.fareCache[dates.request.shifted(toDepartOn: date)] = outcome
        }
        state.flexible = dates
        return fetchMissingFares(&state)
    }

    /// Stops the day searches in flight; the days they were for are searched again next time.
    static func stopFlexibleSearches(_ state: inout State) -> Effects {
        guard var dates = state.flexible else { return [] }
        let effects = dates.pending.keys.sorted().map { FlightAvailabilityEffect.cancel(.fare($0)) }
        dates.pending = [:]
        dates.fares = dates.fares.filter { if case .failed(.cancelled) = $0.value { return false } else { return true } }
        state.flexible = dates
        return effects
    }

    /// Back to the offers.
    static func leaveFlexibleDates(_ state: inout State) -> Effects {
        let effects = stopFlexibleSearches(&state)
        state.phase = .results
        return effects
    }

    /// A day chosen: search it (or, for the day already searched, show its offers again).
    static func selectDate(_ state: inout State, at index: Int) -> Effects {
        guard let dates = state.flexible, dates.dates.indices.contains(index) else { return [] }
        let effects = stopFlexibleSearches(&state)
        let chosen = dates.request.shifted(toDepartOn: dates.dates[index])
        if chosen == state.request, state.result != nil {
            state.phase = .results
            return effects
        }
        state.request = chosen
        setResult(&state, nil)
        state.highlight = 0
        return effects + startSearch(&state)
    }
}
