import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TravelText

/// What moves where: the flights, their new days and the cabin, asked one at a time or taken from a command's plan,
/// then the airline is asked for change offers. Nothing is sent when the booking's fare does not allow changes.
extension FlightChangeReducer {
    /// The screen first shows: the booking looked up when only its reference is known, then ``begin(_:)``.
    static func start(_ state: inout State) -> [Effect] {
        guard state.order != nil else {
            state.step = .finding
            return [progress("Looking up booking \(state.reference)…"), .run(.find(reference: state.reference))]
        }
        return begin(&state)
    }

    /// The booking was found by its reference, or not.
    static func found(_ state: inout State, _ outcome: Outcome<Order, ServiceError>) -> [Effect] {
        guard state.step == .finding else { return [] }
        switch outcome {
        case .success(let order):
            state.order = order
            state.reference = order.bookingReference
            return [hideProgress] + begin(&state)
        case .failure(let failure):
            let text = "Booking \(state.reference) could not be read: \(failure.message)"
            return [hideProgress, error(text, suggestion: failure.suggestion)] + finish(&state, .failed(text))
        }
    }

    /// Refuses what cannot change, takes the plan given, or asks.
    static func begin(_ state: inout State) -> [Effect] {
        guard let order = state.order else { return [] }
        if let problem = ChangePlan.orderProblem(order) { return refuse(&state, problem) }
        state.cabin = bookedCabin(order)
        if let plan = state.input.plan { return follow(&state, plan) }
        if order.slices.count == 1 {
            state.moving = order.slices.map(\.id)
            state.step = .chooseDay(0)
        } else {
            state.step = .chooseFlights
        }
        return []
    }

    /// Nothing can be changed: said, and the screen ends (nothing was sent).
    private static func refuse(_ state: inout State, _ reason: String) -> [Effect] {
        [error(reason)] + finish(&state, .refused(reason))
    }

    /// A command's plan: what it means for the booking is the core's (`ChangePlan.request(for:today:)`); then
    /// the search.
    private static func follow(_ state: inout State, _ plan: FlightChangePlan) -> [Effect] {
        guard let order = state.order else { return [] }
        switch plan.request(for: order, today: state.today) {
        case .failure(.invalid(let reason)): return [error(reason)] + finish(&state, .invalid(reason))
        case .failure(.refused(let reason)): return refuse(&state, reason)
        case .success(let request):
            state.moving = request.slices.remove.map(\.sliceId)
            // Two slices with one id (a server's mistake) keep the first day rather than stop the app.
            state.newDays = Dictionary(
                zip(state.moving, request.slices.add.map(\.departureDate)), uniquingKeysWith: { first, _ in first })
            if let cabin = plan.cabin { state.cabin = cabin }
            return search(&state)
        }
    }

    /// Why the flights chosen cannot move, when the fare forbids changes and the airline's schedule change that
    /// allows one was to another flight; `nil` when they can.
    static func fareProblem(_ state: State) -> String? {
        state.order.flatMap { ChangePlan.fareProblem($0, moving: state.moving) }
    }

    /// `1`, `2`, `1 2`, `both` or `all`: the flights to move.
    static func chooseFlights(_ state: inout State, _ text: String) -> [Effect] {
        let slices = state.slices
        let words = text.lowercased().split(whereSeparator: { $0 == "," || $0.isWhitespace })
        var chosen: Set<Int> = []
        if ["both", "all"].contains(words.joined(separator: " ")) {
            chosen = Set(slices.indices)
        } else {
            for word in words {
                guard let number = Int(word), slices.indices.contains(number - 1) else {
                    state.problem = "Type a flight's number (1 to \(slices.count)), several (1 2), or all."
                    return []
                }
                chosen.insert(number - 1)
            }
        }
        guard !chosen.isEmpty else {
            state.problem = "Type a flight's number (1 to \(slices.count)), several (1 2), or all."
            return []
        }
        let moving = slices.indices.filter(chosen.contains).map { slices[$0].id }
        if let order = state.order, let locked = moving.first(where: { !order.mayChange(sliceID: $0) }),
           let number = slices.firstIndex(where: { $0.id == locked }) {
            state.problem = "Flight \(number + 1) cannot move: its fare allows no changes, and the airline's schedule change was to another flight."
            return []
        }
        state.problem = nil
        state.moving = moving
        state.newDays = state.newDays.filter { state.moving.contains($0.key) }
        state.step = .chooseDay(0)
        return []
    }

    /// The new day of the `index`th flight moving, typed as the search takes days (`18 dec`, `fri`, `+3`).
    static func chooseDay(_ state: inout State, _ index: Int, _ text: String) -> [Effect] {
        let slices = state.movingSlices
        guard slices.indices.contains(index) else { return [] }
        let slice = slices[index]
        let base = ChangePlan.bookedDay(slice) ?? state.today
        let day: CalendarDate
        do {
            day = try TravelDateReader(today: state.today).read(text, base: base)
        } catch {
            state.problem = error.message
            return []
        }
        var proposed = state
        proposed.newDays[slice.id] = day
        if let problem = dayProblem(proposed) {
            state.problem = problem
            return []
        }
        state.problem = nil
        state.newDays[slice.id] = day
        state.step = index + 1 < slices.count ? .chooseDay(index + 1) : .chooseCabin
        return []
    }

    /// The cabin of the new flights; Enter keeps the booked one.
    static func chooseCabin(_ state: inout State, _ text: String) -> [Effect] {
        if !text.isEmpty {
            guard let cabin = CabinClass(typed: text) else {
                state.problem = "Type economy, premium, business or first; Enter keeps \(state.cabin?.displayName.lowercased() ?? "the booked cabin")."
                return []
            }
            state.cabin = cabin
        }
        state.problem = nil
        return search(&state)
    }

    /// Asks the airline how the booking can change: the flights moving out, a search for each new one.
    static func search(_ state: inout State) -> [Effect] {
        guard let order = state.order else { return [] }
        let request = ChangePlan.request(order: order, moving: state.moving, newDays: state.newDays, cabin: state.cabin)
        let adds = request.slices.add
        guard !adds.isEmpty else { return [] }
        state.step = .searching
        state.offers = []
        state.chosen = nil
        state.change = nil
        let days = adds.map { TravelFormat.day($0.departureDate, withYear: false) }.joined(separator: " and ")
        return [progress("Asking the airline for flights on \(days)…"), .run(.search(request))]
    }

    /// Why the days, as they would be, cannot be flown: one already past, or a flight leaving before the one
    /// before it.
    static func dayProblem(_ state: State) -> String? {
        ChangePlan.dayProblem(state.slices, newDays: state.newDays, today: state.today)
    }

    /// The cabin the booking flies in (its first passenger's, on its first flight).
    static func bookedCabin(_ order: Order) -> CabinClass? {
        order.slices.first?.segments.first?.passengers.first?.cabinClass
    }
}
