import Entities
import FlightSeats
import ModuleCore
import Services

// MARK: Summary ⇄ seats, bookings ⇄ seats

extension BookingFlow {
    /// The seats screen over a booking, for the offer it was booked from (drawn from the order); the seats confirmed
    /// come back to the bookings screen, which prices them and asks before adding them.
    func bookingsWantSeats(for order: Order, offerID: String) async -> [SeatChoice]? {
        let answer = SeatsAnswer(navigator: navigator)
        let offer = Offer(bookedAs: order, offerID: offerID)
        guard let screen = modules.seats(input: FlightSeatsInput(offer: offer), router: answer) else {
            return nil
        }
        navigator.push(screen)
        return await answer.value
    }

    /// The seats screen over the summary; the seats confirmed come back as the answer (`nil`: the traveller went back
    /// unchanged), which the summary takes as an action.
    func summaryWantsSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]? {
        let answer = SeatsAnswer(navigator: navigator)
        guard let screen = modules.seats(input: FlightSeatsInput(offer: offer, chosen: chosen), router: answer) else {
            return nil
        }
        navigator.push(screen)
        return await answer.value
    }
}

/// The seats screen's router while it answers the summary: it hands the seats back as a value and closes the screen.
@MainActor
final class SeatsAnswer: FlightSeatsRouter {
    private let navigator: Navigator
    private var continuation: CheckedContinuation<[SeatChoice]?, Never>?
    private var answer: [SeatChoice]??

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// The seats confirmed, or `nil` when the traveller went back unchanged; awaited while the seats screen is shown.
    var value: [SeatChoice]? {
        get async {
            if let answer { return answer }
            return await withCheckedContinuation { continuation = $0 }
        }
    }

    func seatsDidChoose(_ seats: [SeatChoice]) {
        give(seats)
        navigator.pop()
    }

    func seatsDidGoBack() {
        give(nil)
        navigator.pop()
    }

    private func give(_ seats: [SeatChoice]?) {
        answer = .some(seats)
        continuation?.resume(returning: seats)
        continuation = nil
    }
}
