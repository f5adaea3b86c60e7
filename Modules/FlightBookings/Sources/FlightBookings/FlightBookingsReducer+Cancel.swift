import Entities
import Foundation
import ModuleCore
import Services

/// Cancelling: a quote first, then the traveller's (or `--yes`'s) confirmation, then the cancellation; an expired
/// quote is asked for again, once, before anything is cancelled.
extension FlightBookingsReducer {
    /// Asks the airline what cancelling the open booking would refund, unless it cannot be cancelled.
    static func startCancel(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        if let blocker = FlightBookingsInteractor.cancellationBlocker(booking) {
            if case .alreadyCancelled(let date) = blocker {
                // Asking twice for what is already done is not a failure: a script that retries must not loop.
                let text = "Booking \(booking.reference ?? "") was already cancelled on \(TravelFormat.instant(date, in: state.timeZone))."
                return [message(.info, text)] + askOrFinish(&state, .done)
            }
            let text = "Booking \(booking.reference ?? "") cannot be cancelled: \(state.describe(blocker))"
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        guard let orderID = booking.order?.id else { return [ask(state)] }
        return [progress("Asking the airline what cancelling would refund…"), .quoteCancellation(orderID: orderID)]
    }

    /// The airline quoted the cancellation, or refused to.
    static func quoted(_ state: inout State, _ outcome: Outcome<OrderCancellation, ServiceError>) -> [Effect] {
        switch outcome {
        case .success(let quote):
            guard let booking = state.current else { return [hideProgress] + openList(&state) }
            return [hideProgress, .show(.quote(state.quoteViewModel(quote, booking: booking)))] + askToConfirm(&state, quote)
        case .failure(let failure):
            return [hideProgress, error("The cancellation could not be quoted: \(failure.message)", suggestion: failure.suggestion)]
                + askOrFinish(&state, .failed(failure.message))
        }
    }

    /// Asks to confirm `quote`; off the interactive screen, `--yes` confirms and no terminal declines.
    private static func askToConfirm(_ state: inout State, _ quote: OrderCancellation) -> [Effect] {
        if !state.isInteractive {
            if state.input.assumeYes { return confirm(&state, quote) }
            guard state.canAsk, state.input.presentation == .text else {
                var effects: [Effect] = []
                if state.input.presentation == .json, let json = encode(quote) { effects.append(.show(.note(.output(json)))) }
                effects.append(message(
                    .info, "Not cancelled. This is not a terminal that can answer, so run the command again with --yes to cancel."))
                return effects + finish(&state, .declined)
            }
        }
        state.step = .confirmCancel(quote)
        return [ask(state)]
    }

    /// Confirms `quote`, unless it has expired (then it is asked for again, once).
    static func confirm(_ state: inout State, _ quote: OrderCancellation) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        // A quote that expired while the traveller thought is asked for again, once: one that looks expired as it
        // arrives says more about the clocks than the quote, and the API decides when it is confirmed.
        if FlightBookingsInteractor.hasExpired(quote, at: state.now), !state.requotedOnce {
            state.requotedOnce = true
            return [message(.info, "The refund quote has expired; asking the airline again.")] + startCancel(&state)
        }
        state.requotedOnce = false
        return [changing("Cancelling…", reference: booking.reference ?? "", what: "cancelled"), .confirmCancellation(quote, booking)]
    }

    /// The cancellation was confirmed, or failed.
    static func cancellationConfirmed(_ state: inout State, _ outcome: CancellationOutcome) -> [Effect] {
        switch outcome {
        case .cancelled(let done, let recovered):
            state.current = done.booking
            let refund = done.cancellation.refundTo == "awaiting_payment"
                ? "It was never paid, so nothing is refunded."
                : done.cancellation.refund.map {
                    "\($0.formatted) goes back to \(TravelFormat.refundDestination(done.cancellation.refundTo))."
                } ?? "There is no refund."
            // A lost answer found done says so, so the traveller knows why the refund is not itemised.
            let how = recovered ? " (the answer was lost; reading the booking again shows it cancelled)" : ""
            let effects: [Effect] = [
                hideProgress, message(.success, "Booking \(done.booking.reference ?? "") is cancelled\(how). \(refund)"),
            ]
            if state.isInteractive { return effects + show(&state, done.booking) }
            var printed: [Effect] = []
            if state.input.presentation == .json, let json = encode(done.cancellation) { printed.append(.show(.note(.output(json)))) }
            printed.append(.show(.detail(state.detailViewModel(done.booking))))
            return effects + printed + finish(&state, .done)
        case .notCancelled(let failure):
            let effects: [Effect] = [
                hideProgress, error("The booking was not cancelled: \(failure.message)", suggestion: failure.suggestion),
            ]
            guard state.isInteractive else { return effects + finish(&state, .failed(failure.message)) }
            state.step = .detail
            return effects + [ask(state)]
        case .unknown(let failure, let lookup):
            let reference = state.current?.reference ?? ""
            let text = "Booking \(reference) may have been cancelled: the answer was lost (\(failure.message)) and the booking could not be read again (\(lookup.message))"
            let effects: [Effect] = [
                hideProgress,
                error(text, suggestion: "Check with `flights booking \(reference)` before cancelling again."),
            ]
            guard state.isInteractive else { return effects + finish(&state, .failed(text)) }
            state.step = .detail
            return effects + [ask(state)]
        }
    }

    /// The traveller said no (or Esc).
    static func decline(_ state: inout State) -> [Effect] {
        state.requotedOnce = false
        let effects = [message(.info, "Not cancelled.")]
        guard state.isInteractive else { return effects + finish(&state, .declined) }
        state.step = .detail
        return effects + [ask(state)]
    }
}
