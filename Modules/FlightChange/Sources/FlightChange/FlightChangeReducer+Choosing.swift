import Entities
import Trips
import Foundation
import ModuleCore
import Services

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

    /// Refuses what cannot change, takes a command's plan, or asks.
    static func begin(_ state: inout State) -> [Effect] {
        guard let order = state.order else { return [] }
        let reference = state.reference
        if order.cancelledAt != nil {
            return refuse(&state, "Booking \(reference) is cancelled: there is nothing to change.")
        }
        if !order.mayBeChanged {
            return refuse(&state, "Booking \(reference) cannot be changed: its fare does not allow changes. Nothing was sent to the airline.")
        }
        guard !order.slices.isEmpty else {
            return refuse(&state, "Booking \(reference) has no flights to change.")
        }
        state.cabin = bookedCabin(order)
        if let plan = state.input.plan { return follow(&state, plan) }
        guard state.asks else {
            return refuse(&state, "Say which flight moves to which day.")
        }
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

    /// A command's plan: every move checked as the questions would, then the search.
    private static func follow(_ state: inout State, _ plan: FlightChangePlan) -> [Effect] {
        let slices = state.slices
        func invalid(_ reason: String) -> [Effect] { [error(reason)] + finish(&state, .invalid(reason)) }
        guard !plan.moves.isEmpty else { return invalid("Say which flight moves to which day.") }
        for move in plan.moves where !slices.indices.contains(move.slice) {
            return invalid("Booking \(state.reference) has \(slices.count == 1 ? "one flight" : "\(slices.count) flights"); there is no flight \(move.slice + 1).")
        }
        var moves: [String: CalendarDate] = [:]
        for move in plan.moves {
            let slice = slices[move.slice]
            do {
                moves[slice.id] = try TravelDateReader(today: state.today)
                    .read(move.day, base: FlightChangeViewModels.bookedDay(slice) ?? state.today)
            } catch {
                return invalid(error.message)
            }
        }
        state.moving = slices.map(\.id).filter { moves[$0] != nil }
        if let problem = fareProblem(state) { return refuse(&state, problem) }
        state.newDays = moves
        if let cabin = plan.cabin { state.cabin = cabin }
        if let problem = dayProblem(state) { return invalid(problem) }
        return search(&state)
    }

    /// Why the flights chosen cannot move, when the fare forbids changes and the airline's schedule change that
    /// allows one was to another flight; `nil` when they can.
    static func fareProblem(_ state: State) -> String? {
        guard let order = state.order, let locked = state.moving.first(where: { !order.mayChange(sliceID: $0) }),
              let number = state.slices.firstIndex(where: { $0.id == locked }) else { return nil }
        return "Booking \(state.reference) cannot move flight \(number + 1): its fare allows no changes, and the airline's schedule change was to another flight. Nothing was sent to the airline."
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
        let base = FlightChangeViewModels.bookedDay(slice) ?? state.today
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
        let adds = state.movingSlices.compactMap { slice -> OrderChangeSliceToAdd? in
            guard let day = state.newDays[slice.id] else { return nil }
            return OrderChangeSliceToAdd(
                origin: slice.origin.iataCode, destination: slice.destination.iataCode, departureDate: day,
                cabinClass: state.cabin)
        }
        guard !adds.isEmpty, let orderID = state.order?.id else { return [] }
        state.step = .searching
        state.offers = []
        state.chosen = nil
        state.change = nil
        let request = OrderChangeRequestCreation(
            orderId: orderID,
            slices: OrderChangeRequestSlices(add: adds, remove: state.moving.map { OrderChangeSliceToRemove(sliceId: $0) }))
        let days = adds.map { TravelFormat.day($0.departureDate, withYear: false) }.joined(separator: " and ")
        return [progress("Asking the airline for flights on \(days)…"), .run(.search(request))]
    }

    /// Why the days, as they would be, cannot be flown: one already past, or a flight leaving before the one
    /// before it.
    static func dayProblem(_ state: State) -> String? {
        var previous: (name: String, day: CalendarDate)?
        let names = TravelFormat.legNames(state.slices)
        for (index, slice) in state.slices.enumerated() {
            guard let day = state.newDays[slice.id] ?? FlightChangeViewModels.bookedDay(slice) else { continue }
            let name = (names.indices.contains(index) ? names[index] : "flight \(index + 1)").lowercased()
            if state.newDays[slice.id] != nil, day < state.today {
                return "\(TravelFormat.day(day)) has passed; choose \(TravelFormat.day(state.today, withYear: false)) or later."
            }
            if let previous, day < previous.day {
                return "The \(name) would leave on \(TravelFormat.day(day, withYear: false)), before the \(previous.name) on \(TravelFormat.day(previous.day, withYear: false)); choose \(TravelFormat.day(previous.day, withYear: false)) or later."
            }
            previous = (name, day)
        }
        return nil
    }

    /// The cabin the booking flies in (its first passenger's, on its first flight).
    static func bookedCabin(_ order: Order) -> CabinClass? {
        order.slices.first?.segments.first?.passengers.first?.cabinClass
    }
}
