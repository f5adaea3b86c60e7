import Entities
import FlightsMCP
import Foundation
import Services
import Trips

/// The tools that act on a booking made: read it, pay a hold, cancel, move a flight, each through the core's use
/// case. What the core answers done (now, or by an earlier call whose answer was lost) is answered done; what it
/// cannot tell is `answer_lost`; only what surely was not done is a failure.
extension TripToolbox {
    func bookings() async throws(ToolFailure) -> [BookingRecord] {
        switch await ListBookings(trip).list() {
        case .success(let list): return list.records.sorted { $0.createdAt > $1.createdAt }
        case .failure(let problem): throw ToolFailure(.notSaved, "The bookings file could not be read: \(problem)")
        }
    }

    func booking(reference: String) async throws(ToolFailure) -> BookingFound {
        let booking = try await find(reference)
        guard let order = booking.order else {
            if booking.otherBackend != nil { return BookingFound(record: booking.record, order: nil) }
            throw ToolFailure(
                .serviceError, "Booking \(reference) cannot be read at the flight service now.", whatToDo: "Try again in a moment.",
                detail: booking.refreshProblem.map { [$0.message] } ?? [])
        }
        return BookingFound(record: booking.record, order: order)
    }

    func pay(reference: String, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        let booking = try await find(reference)
        if let blocker = booking.paymentBlocker(at: backend.now()) {
            switch blocker {
            case .notAwaitingPayment:
                // Paid (now, or before: a retry must not loop).
                if let order = booking.shownOrder { return order }
                throw ToolFailure(.notPossible, "Booking \(reference) does not await payment.")
            case .cancelled:
                throw ToolFailure(.notPossible, "Booking \(reference) cannot be paid: it is cancelled.")
            case .lapsed:
                throw ToolFailure(.notPossible, "Booking \(reference) cannot be paid: it is past its payment deadline.")
            case .otherBackend(let other):
                throw ToolFailure(.notPossible, "Booking \(reference) was made through \(other), not this flight service.")
            case .unreadable(let error):
                throw ToolFailure(.serviceError, "Booking \(reference) cannot be read now, so its total is not known.",
                                  whatToDo: "Try again in a moment.", detail: error.map { [$0.message] } ?? [])
            }
        }
        let currency = booking.shownOrder?.totalAmount?.currency ?? ""
        switch await PayHold(trip).pay(booking, amount: Money(amount: agreedTotal, currency: currency)) {
        case .paid(_, let paid):
            if let order = paid.shownOrder { return order }
            throw ToolFailure(.serviceError, "Booking \(reference) was paid, but it cannot be read now.",
                              whatToDo: "Read it later with get_booking; nothing more is owed.")
        case .priceChanged(_, let now):
            let total = now.shownOrder?.totalAmount ?? Money(amount: agreedTotal, currency: currency)
            throw ToolFailure(
                .priceChanged, "Nothing was paid: the booking costs \(total.formatted) now, not the total agreed to.",
                whatToDo: "Tell the traveller; pay with confirm_total \(total.wireAmount) if they agree.", total: total)
        case .failed(let error):
            throw ToolFailure(.serviceError, "Nothing was paid: the booking still awaits payment.",
                              whatToDo: "Try again in a moment; the detail says what failed.", detail: [error.message])
        case .unknown(let error):
            throw ToolFailure(
                .answerLost, "Booking \(reference) may have been paid: the answer was lost and the booking cannot be read now.",
                whatToDo: "Read it with get_booking before doing anything again.", detail: [error.message])
        }
    }

    func quoteCancellation(reference: String) async throws(ToolFailure) -> OrderCancellation {
        let booking = try await find(reference)
        let orderID = try cancellable(booking, reference)
        switch await CancelBooking(trip).quote(orderID: orderID) {
        case .success(let quote): return quote
        case .failure(let error):
            throw ToolFailure(.serviceError, "The airline did not quote the cancellation.", whatToDo: "Try again in a moment.",
                              detail: [error.message])
        }
    }

    func cancel(reference: String, agreedRefund: Decimal) async throws(ToolFailure) -> OrderCancellation {
        let booking = try await find(reference)
        if let order = booking.order, let cancelledAt = order.cancelledAt, !order.canBeCancelled {
            // Cancelled, by an earlier call whose answer was lost: done.
            return OrderCancellation(
                id: "", orderId: order.id, refundAmount: nil, refundTo: nil, expiresAt: nil, confirmedAt: cancelledAt,
                createdAt: nil)
        }
        let orderID = try cancellable(booking, reference)
        let cancel = CancelBooking(trip)
        let quote: OrderCancellation
        switch await cancel.quote(orderID: orderID) {
        case .success(let quoted): quote = quoted
        case .failure(let error):
            throw ToolFailure(.serviceError, "Nothing was cancelled: the airline did not quote the cancellation.",
                              whatToDo: "Try again in a moment.", detail: [error.message])
        }
        switch await cancel.confirm(quote, of: booking, agreedRefund: agreedRefund) {
        case .cancelled(let done, _):
            return done.cancellation
        case .refundChanged(let now):
            let refund = now.currency.isEmpty ? Money.zero(booking.order?.totalAmount?.currency ?? "") : now
            throw ToolFailure(
                .refundChanged, "Nothing was cancelled: the refund is \(refund.formatted) now, not the one agreed to.",
                whatToDo: "Tell the traveller; confirm with confirm_refund \(refund.wireAmount) if they agree.",
                refund: refund)
        case .notCancelled(let error):
            throw ToolFailure(.serviceError, "Nothing was cancelled: the booking still stands.",
                              whatToDo: "Try again in a moment; the detail says what failed.", detail: [error.message])
        case .unknown(let error, let lookup):
            throw ToolFailure(
                .answerLost, "Booking \(reference) may have been cancelled: the answer was lost and the booking cannot be read now.",
                whatToDo: "Read it with get_booking before doing anything again.", detail: [error.message, lookup.message])
        }
    }

    func quoteChange(reference: String, plan: FlightsMCP.ChangePlan) async throws(ToolFailure) -> [OrderChangeOffer] {
        let (_, offers) = try await changeOffers(reference, plan)
        guard !offers.isEmpty else { throw Self.noChangeOffers }
        return offers
    }

    func change(reference: String, plan: FlightsMCP.ChangePlan, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        // Already flying the quoted flights (an earlier confirmation whose answer was lost): done, nothing sent.
        if !plan.expected.isEmpty, let order = try? await booking(reference: reference).order,
           plan.expected.isSubset(of: FlightsMCP.ChangePlan.flights(of: order.slices)) {
            return order
        }
        let order: Order
        let offerID: String
        if let chosen = plan.offerID {
            // The offer the traveller chose from the quote: read again below as it stands, never swapped for another.
            guard let found = try await booking(reference: reference).order else {
                throw ToolFailure(.notPossible, "Booking \(reference) was not made through this flight service.")
            }
            (order, offerID) = (found, chosen)
        } else {
            let (found, offers) = try await changeOffers(reference, plan)
            guard let first = offers.first else { throw Self.noChangeOffers }
            (order, offerID) = (found, first.id)
        }
        let changes = ChangeFlights(trip)
        let change: OrderChange
        let rechecked: OrderChangeOffer
        switch await changes.recheck(offerID) {
        case .ready(let offer, let made): (rechecked, change) = (offer, made)
        case .expired: throw Self.changeExpired
        case .failed(let error):
            throw ToolFailure(.serviceError, "The airline did not take the change offer.", whatToDo: "Quote the change again.",
                              detail: [error.message])
        }
        switch await changes.confirm(change, orderID: order.id, agreedTotal: agreedTotal, offer: rechecked) {
        case .changed(_, let after?, _):
            return after
        case .changed:
            // Changed: the booking, read again when it can be; a read that fails does not undo the change.
            return ((try? await booking(reference: reference))?.order) ?? order
        case .priceChanged(let now):
            let total = now.changeTotalAmount ?? rechecked.changeTotalAmount
            throw ToolFailure(
                .priceChanged, "Nothing was changed: the change costs \(total.formatted) now, not the total agreed to.",
                whatToDo: "Tell the traveller; confirm again with confirm_total \(total.wireAmount) if they agree.", total: total)
        case .expired:
            throw Self.changeExpired
        case .failed(let error) where error.mayHaveTakenEffect:
            // Read back and not confirmed: it was not made, and asking again may work.
            throw ToolFailure(.serviceError, "Nothing was changed: the airline did not confirm the change.",
                              whatToDo: "Quote the change again in a moment.", detail: [error.message])
        case .failed(let error):
            throw ToolFailure(.notPossible, "The booking cannot be changed this way; the detail says why.", detail: [error.message])
        case .unknown(let error, let lookup):
            throw ToolFailure(
                .answerLost, "The change did not finish: it may have been made.",
                whatToDo: "Read the booking with get_booking before anything else; quote again only if it still flies the old flights.",
                detail: [error.message, lookup.message])
        }
    }

    // MARK: Helpers

    /// Booking `reference`, here or at the flight service, read again.
    private func find(_ reference: String) async throws(ToolFailure) -> Booking {
        switch await ListBookings(trip).booking(reference: reference) {
        case .found(let booking): return booking
        case .notFound:
            throw ToolFailure(.notFound, "No booking \(reference) here or at the flight service.",
                              whatToDo: "Check the reference with list_bookings.")
        case .failed(let error):
            throw ToolFailure(.serviceError, "Booking \(reference) cannot be read now.", whatToDo: "Try again in a moment.",
                              detail: [error.message])
        case .storeFailed(let problem):
            throw ToolFailure(.notSaved, "The bookings file could not be read: \(problem)",
                              whatToDo: "Check the bookings folder can be read and written.")
        }
    }

    /// The order to cancel, or why the booking cannot be cancelled.
    private func cancellable(_ booking: Booking, _ reference: String) throws(ToolFailure) -> String {
        switch booking.cancellationBlocker {
        case nil:
            guard let orderID = booking.order?.id else { throw ToolFailure(.serviceError, "Booking \(reference) cannot be read now.") }
            return orderID
        case .alreadyCancelled?:
            throw ToolFailure(.notPossible, "Booking \(reference) is already cancelled.")
        case .notAllowed?:
            throw ToolFailure(.notPossible, "The airline does not take cancellations of booking \(reference).")
        case .neverBooked?, .neverConfirmed?:
            throw ToolFailure(.notPossible, "Booking \(reference) was never confirmed: there is nothing to cancel.")
        case .otherBackend(let other)?:
            throw ToolFailure(.notPossible, "Booking \(reference) was made through \(other), not this flight service.")
        case .unreadable(let error)?:
            throw ToolFailure(.serviceError, "Booking \(reference) cannot be read now.", whatToDo: "Try again in a moment.",
                              detail: error.map { [$0.message] } ?? [])
        }
    }

    /// The booking's order and the airline's change offers for `plan`, cheapest first.
    private func changeOffers(
        _ reference: String, _ plan: FlightsMCP.ChangePlan
    ) async throws(ToolFailure) -> (Order, [OrderChangeOffer]) {
        guard let order = try await booking(reference: reference).order else {
            throw ToolFailure(.notPossible, "Booking \(reference) was not made through this flight service.")
        }
        let moves = plan.moves.map { Trips.ChangePlan.Move(slice: $0.flight, day: $0.day) }
        let core = Trips.ChangePlan(moves: moves, cabin: plan.cabin.flatMap(CabinClass.init(typed:)))
        let request: OrderChangeRequestCreation
        switch core.request(for: order, today: today) {
        case .success(let made): request = made
        case .failure(.invalid(let reason)):
            throw ToolFailure(.invalidInput, "The flights or days to move are not ones this booking can take.",
                              whatToDo: "Name flights the booking has (1 the outbound) and days that can be flown.", detail: [reason])
        case .failure(.refused(let reason)):
            throw ToolFailure(.notPossible, "The booking cannot be changed this way; the detail says why.", detail: [reason])
        }
        switch await ChangeFlights(trip).search(request) {
        case .success(let offers): return (order, offers)
        case .failure(let error):
            if error.apiError?.status == 422 {
                throw ToolFailure(.notPossible, "The airline does not change this booking this way.", detail: [error.message])
            }
            throw ToolFailure(.serviceError, "The airline did not quote the change.",
                              whatToDo: "Try again in a moment; the detail says what failed.", detail: [error.message])
        }
    }

    private static let noChangeOffers = ToolFailure(
        .notFound, "The airline offers no flights for that change.", whatToDo: "Try other days.")

    private static let changeExpired = ToolFailure(
        .offerUnavailable, "The airline's change offer expired before it was confirmed: nothing was changed.",
        whatToDo: "Quote the change again and confirm its total.")
}
