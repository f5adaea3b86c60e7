import Entities
import Foundation
import Services
import Trips
import TerminalUI
import TravelText

/// The view models, as pure functions of the state: what the list, a booking, a quote and the prompts show.
extension FlightBookingsState {
    /// The current step's question; `nil` when nothing is to be asked.
    var prompt: BookingsPrompt? {
        switch step {
        case .start:
            return nil
        case .list:
            let open = records.isEmpty ? "" : "Open a booking (1–\(records.count)), "
            return .text(question: "\(open)n for a new search, b to go back:")
        case .detail:
            return .text(question: "What next? \(detailChoices):")
        case .confirmCancel(let quote):
            return .confirm(question: BookingText.cancelQuestion(quote, reference: current?.reference ?? ""), default: false)
        case .confirmPay(let amount):
            return .confirm(question: "Pay \(amount.formatted) now for booking \(current?.reference ?? "")?", default: false)
        case .confirmAcceptChange:
            return .confirm(question: "Accept the airline's new times for booking \(current?.reference ?? "")?", default: nil)
        case .confirmExtras(let quote):
            return .confirm(question: BookingText.extrasQuestion(quote), default: false)
        }
    }

    /// What the detail's question offers: pay and cancel only when they can be done.
    var detailChoices: String {
        let pay = current.map { $0.paymentBlocker(at: now) == nil } == true ? "p to pay, " : ""
        let cancel = current.map { $0.cancellationBlocker == nil } == true ? "c to cancel, " : ""
        let change = current.flatMap(changeableOrder) != nil ? "m to move a flight, " : ""
        let accept = current.map { FlightBookingsReducer.canAcceptChange($0, in: self) } == true ? "a to accept the new times, " : ""
        let bags = current.map { FlightBookingsReducer.extrasBlocker($0, in: self) == nil } == true ? "x to add bags, " : ""
        let seats = current.map { FlightBookingsReducer.seatsBlocker($0, in: self) == nil } == true ? "s to choose seats, " : ""
        return "\(accept)\(pay)\(change)\(bags)\(seats)\(cancel)r to refresh, b for the list, n for a new search"
    }

    /// The order of `booking` when a flight of it can be moved from here: changes offered, the order read from this
    /// API, not cancelled, and a fare that does not forbid changes (one that does not say is asked) or an airline's
    /// schedule change that allows them.
    func changeableOrder(_ booking: Booking) -> Order? {
        guard offersChanges, booking.otherBackend == nil, let order = booking.shownOrder, order.cancelledAt == nil,
              order.mayBeChanged else { return nil }
        return order
    }

    /// The bookings kept here, the one just booked pointed out.
    func listViewModel() -> BookingListViewModel {
        BookingListViewModel(
            records: records, pendingNotFoundKeys: pendingNotFoundKeys, changesWaiting: changesWaiting,
            highlight: input.highlight, now: now, timeZone: timeZone, location: storeLocation, notes: notes)
    }

    /// What checking the pending bookings of `list` found, and problems writing them back.
    func reconciliationNotes(_ list: BookingList) -> [Notice] {
        BookingListViewModel.notes(list, timeZone: timeZone)
    }
}
