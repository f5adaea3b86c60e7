import Foundation

/// Runs the FlightSeats screen's work: here, reading the clock. No UI types and no rules.
final class FlightSeatsInteractor: Sendable {
    let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }
}
