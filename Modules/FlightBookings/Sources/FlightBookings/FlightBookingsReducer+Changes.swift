import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// The changes sent to the airline, each asked of the traveller first. Cancelling: a quote, the traveller's
/// confirmation, then the core's cancellation; an expired quote is asked for again, once, before anything is
/// cancelled. Paying for a held booking: its current total, confirmed, then paid; a price the airline changed is shown
/// old and new and asked again, never paid.
extension FlightBookingsReducer {
    // MARK: Cancelling

    /// Asks the airline what cancelling the open booking would refund, unless it cannot be cancelled.
    static func startCancel(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        if let blocker = booking.cancellationBlocker {
            if case .alreadyCancelled(let date) = blocker {
                return [message(.info, "Booking \(booking.reference ?? "") was already cancelled on \(TravelFormat.instant(date, in: state.timeZone)).")]
            }
            return [error("Booking \(booking.reference ?? "") cannot be cancelled: \(state.text.describe(blocker))")]
        }
        guard let orderID = booking.order?.id else { return [] }
        return [progress("Asking the airline what cancelling would refund…"), .run(.quoteCancellation(orderID: orderID))]
    }

    /// The airline quoted the cancellation (shown, and asked), or refused to.
    static func quoted(_ state: inout State, _ outcome: Outcome<OrderCancellation, ServiceError>) -> [Effect] {
        switch outcome {
        case .success(let quote):
            guard let booking = state.current else { return [hideProgress] + openList(&state) }
            state.step = .confirmCancel(quote)
            return [hideProgress, .print(state.text.quoteBlocks(quote, booking: booking))]
        case .failure(let failure):
            return [hideProgress, error("The cancellation could not be quoted: \(failure.message)", suggestion: failure.suggestion)]
        }
    }

    /// Confirms `quote`, unless it has expired (then it is asked for again, once).
    static func confirm(_ state: inout State, _ quote: OrderCancellation) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        // A quote that expired while the traveller thought is asked for again, once: one that looks expired as it
        // arrives says more about the clocks than the quote, and the API decides when it is confirmed.
        if quote.hasExpired(at: state.now), !state.requotedOnce {
            state.requotedOnce = true
            return [message(.info, "The refund quote has expired; asking the airline again.")] + startCancel(&state)
        }
        state.requotedOnce = false
        return [changing("Cancelling…", reference: booking.reference ?? "", what: "cancelled"), .run(.confirmCancellation(quote, booking))]
    }

    /// The cancellation was confirmed, or failed.
    static func cancellationConfirmed(_ state: inout State, _ outcome: CancellationOutcome) -> [Effect] {
        switch outcome {
        case .cancelled(let done, let recovered):
            return [hideProgress, message(.success, BookingText.cancelled(done, recovered: recovered))] + show(&state, done.booking)
        case .notCancelled(let failure):
            return backToBooking(&state, [
                hideProgress, error("The booking was not cancelled: \(failure.message)", suggestion: failure.suggestion),
            ])
        case .refundChanged(let refund):
            return backToBooking(&state, [
                hideProgress, error("Nothing was cancelled: cancelling now refunds \(refund.formatted).",
                                    suggestion: "Ask for the refund again to see it now."),
            ])
        case .unknown(let failure, let lookup):
            let reference = state.current?.reference ?? ""
            return backToBooking(&state, [
                hideProgress,
                error("Booking \(reference) may have been cancelled: the answer was lost (\(failure.message)) and the booking could not be read again (\(lookup.message))",
                      suggestion: "Check with `flights booking \(reference)` before cancelling again."),
            ])
        }
    }

    /// The traveller said no (or Esc).
    static func decline(_ state: inout State) -> [Effect] {
        state.requotedOnce = false
        return backToBooking(&state, [message(.info, "Not cancelled.")])
    }

    // MARK: Paying

    /// Asks to pay the open booking's total, unless it cannot be paid now.
    static func startPayment(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return [] }
        if let blocker = booking.paymentBlocker(at: state.now) {
            if case .notAwaitingPayment = blocker,
               booking.shownOrder?.paymentStatus.paidAt != nil || booking.shownOrder?.status == .confirmed {
                return [message(.info, "Booking \(booking.reference ?? "") is already paid.")]
            }
            return [error("Booking \(booking.reference ?? "") cannot be paid now: \(state.text.describe(blocker))",
                          suggestion: BookingText.suggestion(for: blocker))]
        }
        guard let total = booking.order?.totalAmount else {
            return [error("The total to pay for booking \(booking.reference ?? "") is not known; refresh it and try again.")]
        }
        state.step = .confirmPay(total)
        return []
    }

    /// Pays `amount` for the open booking.
    static func pay(_ state: inout State, _ amount: Money) -> [Effect] {
        guard let booking = state.current else { return [] }
        state.paying = amount
        return [changing("Paying \(amount.formatted)…", reference: booking.reference ?? "", what: "paid"), .run(.pay(booking, amount: amount))]
    }

    /// The payment ended.
    static func paid(_ state: inout State, _ outcome: PaymentOutcome) -> [Effect] {
        let reference = state.current?.reference ?? ""
        let amount = state.paying
        state.paying = nil
        switch outcome {
        case .paid(let payment, let paid):
            let total = payment?.amount ?? paid.order?.totalAmount ?? amount
            return [hideProgress, message(.success, "Booking \(paid.reference ?? "") is paid: \(total?.formatted ?? "the total").")]
                + show(&state, paid)
        case .priceChanged(let old, let repriced):
            state.current = repriced
            let new = repriced.order?.totalAmount
            let effects: [Effect] = [hideProgress, error(
                "Nothing was paid: the airline changed the price from \(old.formatted) to \(new?.formatted ?? "a new total").")]
            // The new total is shown on the booking's page, and asked again.
            state.step = new.map { .confirmPay($0) } ?? .detail
            return effects
        case .failed(let failure):
            return backToBooking(&state, [
                hideProgress, error("Booking \(reference) was not paid: \(failure.message)", suggestion: failure.suggestion),
            ])
        case .unknown(let failure):
            return backToBooking(&state, [
                hideProgress,
                error("The payment for booking \(reference) may have been taken: the answer was lost (\(failure.message)) and the booking could not be read again.",
                      suggestion: "Check with `flights booking \(reference)` before paying again."),
            ])
        }
    }

    /// The traveller said no (or Esc).
    static func declinePayment(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Not paid.")])
    }
}
