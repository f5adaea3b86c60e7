public import Entities
import Foundation

/// A change said up front: which of the booking's flights move to which day, in which cabin, as a person or a
/// program types it. ``request(for:today:)`` says what it means for a booking.
public struct ChangePlan: Sendable, Hashable, Codable {
    /// One flight of the booking (its slice, counted from 0: the outbound, the return) and its new day.
    public struct Move: Sendable, Hashable, Codable {
        /// The slice's position in the booking, from 0.
        public var slice: Int
        /// The new day of departure, local to the origin, as a traveller types it (`2026-12-29`, `29 dec`, or `+3`:
        /// three days after the booked one).
        public var day: String

        /// A move of the `slice`th flight to `day`.
        public init(slice: Int, day: String) {
            self.slice = slice
            self.day = day
        }

        /// A move of the `slice`th flight to `date`.
        public init(slice: Int, date: CalendarDate) {
            self.init(slice: slice, day: date.description)
        }
    }

    /// The flights to move.
    public var moves: [Move]
    /// The cabin of the new flights; `nil` keeps the booked one.
    public var cabin: CabinClass?

    /// A plan of `moves`, in `cabin`.
    public init(moves: [Move], cabin: CabinClass? = nil) {
        self.moves = moves
        self.cabin = cabin
    }

    /// The change request the plan makes for `order` on `today`: the flights moving out, a search for each new one;
    /// or why it makes none.
    public func request(for order: Order, today: CalendarDate) -> Result<OrderChangeRequestCreation, ChangePlanProblem> {
        let slices = order.slices
        let reference = order.bookingReference
        guard !moves.isEmpty else { return .failure(.invalid("Say which flight moves to which day.")) }
        for move in moves where !slices.indices.contains(move.slice) {
            return .failure(.invalid(
                "Booking \(reference) has \(slices.count == 1 ? "one flight" : "\(slices.count) flights"); there is no flight \(move.slice + 1)."))
        }
        var newDays: [String: CalendarDate] = [:]
        for move in moves {
            let slice = slices[move.slice]
            do {
                newDays[slice.id] = try TravelDateReader(today: today).read(move.day, base: Self.bookedDay(slice) ?? today)
            } catch {
                return .failure(.invalid(error.message))
            }
        }
        let moving = slices.map(\.id).filter { newDays[$0] != nil }
        if let problem = Self.fareProblem(order, moving: moving) { return .failure(.refused(problem)) }
        if let problem = Self.dayProblem(slices, newDays: newDays, today: today) { return .failure(.invalid(problem)) }
        let cabin = cabin ?? order.slices.first?.segments.first?.passengers.first?.cabinClass
        return .success(Self.request(order: order, moving: moving, newDays: newDays, cabin: cabin))
    }

    /// The request that moves `moving` (slice ids) of `order` to `newDays`, in `cabin`.
    public static func request(
        order: Order, moving: [String], newDays: [String: CalendarDate], cabin: CabinClass?
    ) -> OrderChangeRequestCreation {
        let adds = order.slices.filter { moving.contains($0.id) }.compactMap { slice -> OrderChangeSliceToAdd? in
            guard let day = newDays[slice.id] else { return nil }
            return OrderChangeSliceToAdd(
                origin: slice.origin.iataCode, destination: slice.destination.iataCode, departureDate: day,
                cabinClass: cabin)
        }
        return OrderChangeRequestCreation(
            orderId: order.id,
            slices: OrderChangeRequestSlices(add: adds, remove: moving.map { OrderChangeSliceToRemove(sliceId: $0) }))
    }

    /// Why `order` cannot be changed at all (cancelled, a fare that allows no changes, no flights); `nil` when it may.
    public static func orderProblem(_ order: Order) -> String? {
        let reference = order.bookingReference
        if order.cancelledAt != nil { return "Booking \(reference) is cancelled: there is nothing to change." }
        if !order.mayBeChanged {
            return "Booking \(reference) cannot be changed: its fare does not allow changes. Nothing was sent to the airline."
        }
        if order.slices.isEmpty { return "Booking \(reference) has no flights to change." }
        return nil
    }

    /// The day a slice leaves, as booked.
    public static func bookedDay(_ slice: Slice) -> CalendarDate? {
        slice.departingAt?.date
    }

    /// Why the flights `moving` cannot move, when the fare forbids changes and the airline's schedule change that
    /// allows one was to another flight; `nil` when they can.
    public static func fareProblem(_ order: Order, moving: [String]) -> String? {
        guard let locked = moving.first(where: { !order.mayChange(sliceID: $0) }),
              let number = order.slices.firstIndex(where: { $0.id == locked }) else { return nil }
        return "Booking \(order.bookingReference) cannot move flight \(number + 1): its fare allows no changes, and the airline's schedule change was to another flight. Nothing was sent to the airline."
    }

    /// Why the days, as they would be, cannot be flown: one already past, or a flight leaving before the one before
    /// it; `nil` when they can.
    public static func dayProblem(_ slices: [Slice], newDays: [String: CalendarDate], today: CalendarDate) -> String? {
        var previous: (name: String, day: CalendarDate)?
        let names = TravelFormat.legNames(slices)
        for (index, slice) in slices.enumerated() {
            guard let day = newDays[slice.id] ?? bookedDay(slice) else { continue }
            let name = (names.indices.contains(index) ? names[index] : "flight \(index + 1)").lowercased()
            if newDays[slice.id] != nil, day < today {
                return "\(TravelFormat.day(day)) has passed; choose \(TravelFormat.day(today, withYear: false)) or later."
            }
            if let previous, day < previous.day {
                return "The \(name) would leave on \(TravelFormat.day(day, withYear: false)), before the \(previous.name) on \(TravelFormat.day(previous.day, withYear: false)); choose \(TravelFormat.day(previous.day, withYear: false)) or later."
            }
            previous = (name, day)
        }
        return nil
    }
}

/// Why a change plan makes no change request.
public enum ChangePlanProblem: Error, Sendable, Hashable {
    /// The flights or days are not ones this booking can take.
    case invalid(String)
    /// The booking cannot be changed this way (its fare).
    case refused(String)

    /// The sentence.
    public var message: String {
        switch self {
        case .invalid(let text), .refused(let text): text
        }
    }
}
