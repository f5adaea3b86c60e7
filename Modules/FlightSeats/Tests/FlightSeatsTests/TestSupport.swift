import Foundation
@testable import FlightSeats

let fixedNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_392_000) }

@MainActor
final class SpyFlightSeatsRouter: FlightSeatsRouter {
    var finished = 0
    var backs = 0
    func flightSeatsDidFinish() { finished += 1 }
    func navigateBack() { backs += 1 }
}
