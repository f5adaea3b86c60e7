import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// The changes sent to the airline. Cancelling: a quote first, then the traveller's (or `--yes`'s, and `--refund`'s
/// when a script agreed a refund) confirmation, then the cancellation; an expired quote is asked for again, once,
/// before anything is cancelled. Paying for a held booking: its current total, confirmed by the traveller (or
/// `--yes`, and `--total` when a script agreed one), then paid; a price the airline changed is shown old and new and
/// asked again, never paid.
extension FlightBookingsReducer {
    // MARK: Cancelling

    /// Asks the airline what cancelling the open booking would refund, unless it cannot be cancelled.
    static func startCancel(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        if let blocker = booking.cancellationBlocker {
            if case .alreadyCancelled(let date) = blocker {
                // Asking twice for what is already done is not a failure: a script that retries must not loop.
                let text = "Booking \(booking.reference ?? "") was already cancelled on \(TravelFormat.instant(date, in: state.timeZone))."
                return [message(.info, text)] + askOrFinish(&state, .done)
            }
            let text = "Booking \(booking.reference ?? "") cannot be cancelled: \(state.describe(blocker))"
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        guard let orderID = booking.order?.id else { return [] }
        return [progress("Asking the airline what cancelling would refund…"), .run(.quoteCancellation(orderID: orderID))]
    }

    /// The airline quoted the cancellation, or refused to.
    static func quoted(_ state: inout State, _ outcome: Outcome<OrderCancellation, ServiceError>) -> [Effect] {
        switch outcome {
        case .success(let quote):
            guard let booking = state.current else { return [hideProgress] + openList(&state) }
            return [hideProgress, .print(state.quoteBlocks(quote, booking: booking))] + askToConfirm(&state, quote)
        case .failure(let failure):
            return [hideProgress, error("The cancellation could not be quoted: \(failure.message)", suggestion: failure.suggestion)]
                + askOrFinish(&state, .failed(failure.message))
        }
    }

    /// Asks to confirm `quote`; off the interactive screen, a refund agreed beforehand (`--refund`) must be the
    /// quote's, `--yes` confirms and no terminal declines.
    private static func askToConfirm(_ state: inout State, _ quote: OrderCancellation) -> [Effect] {
        let printed = quoteOutput(state, quote)
        // No refund is a refund of nothing, in the booking's currency when the quote names none (XXX: ISO 4217's
        // "no currency", when neither does).
        let refund = quote.refundAmount
            ?? Money.zero(state.current?.shownOrder?.totalAmount?.currency ?? "XXX")
        if let refused = refuseOtherAmount(&state, than: refund, { agreed in
            error("Nothing was cancelled: cancelling now refunds \(quote.refund?.formatted ?? "nothing"), not the \(agreed.formatted) agreed to.",
                  suggestion: "Run the command again with --refund \(refund.wireAmount) to cancel for that refund.")
        }) { return printed + refused }
        return askOrGoAhead(
            &state, asking: .confirmCancel(quote), notDone: "Not cancelled.", yesTo: "cancel", shownFirst: printed
        ) { confirm(&$0, quote) }
    }

    /// `quote` as JSON on the output when a JSON run ends with nothing cancelled, for the script to read; nothing
    /// otherwise (people saw it printed).
    private static func quoteOutput(_ state: State, _ quote: OrderCancellation) -> [Effect] {
        guard state.input.presentation == .json, let json = encode(quote) else { return [] }
        return [.note(.output(json))]
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
            if state.input.presentation == .json, let json = encode(done.cancellation) { printed.append(.note(.output(json))) }
            printed.append(.print(state.detailBlocks(done.booking)))
            return effects + printed + finish(&state, .done)
        case .notCancelled(let failure):
            let effects: [Effect] = [
                hideProgress, error("The booking was not cancelled: \(failure.message)", suggestion: failure.suggestion),
            ]
            return backToBooking(&state, effects, else: .failed(failure.message))
        case .refundChanged(let refund):
            let effects: [Effect] = [
                hideProgress, error("Nothing was cancelled: cancelling now refunds \(refund.formatted).",
                                    suggestion: "Ask for the refund again to see it now."),
            ]
            return backToBooking(&state, effects, else: .declined)
        case .unknown(let failure, let lookup):
            let reference = state.current?.reference ?? ""
            let text = "Booking \(reference) may have been cancelled: the answer was lost (\(failure.message)) and the booking could not be read again (\(lookup.message))"
            let effects: [Effect] = [
                hideProgress,
                error(text, suggestion: "Check with `flights booking \(reference)` before cancelling again."),
            ]
            return backToBooking(&state, effects, else: .failed(text))
        }
    }

    /// The traveller said no (or Esc).
    static func decline(_ state: inout State) -> [Effect] {
        state.requotedOnce = false
        return backToBooking(&state, [message(.info, "Not cancelled.")], else: .declined)
    }

    // MARK: Paying

    /// Asks to pay the open booking's total, unless it cannot be paid now.
    static func startPayment(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return [] }
        if let blocker = booking.paymentBlocker(at: state.now) {
            let text = "Booking \(booking.reference ?? "") cannot be paid now: \(state.describe(blocker))"
            if case .notAwaitingPayment = blocker,
               booking.shownOrder?.paymentStatus.paidAt != nil || booking.shownOrder?.status == .confirmed {
                // Paying what is paid is done, not a failure: a script that retries must not loop.
                return [message(.info, "Booking \(booking.reference ?? "") is already paid.")] + askOrFinish(&state, .done)
            }
            return [error(text, suggestion: suggestion(for: blocker))] + askOrFinish(&state, .failed(text))
        }
        guard let total = booking.order?.totalAmount else {
            let text = "The total to pay for booking \(booking.reference ?? "") is not known; refresh it and try again."
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        return askToPay(&state, total)
    }

    /// Asks to pay `total`; off the interactive screen, `--total` must agree, `--yes` confirms, no terminal declines.
    private static func askToPay(_ state: inout State, _ total: Money) -> [Effect] {
        if let refused = refuseOtherAmount(&state, than: total, { agreed in
            error("Nothing was paid: the booking now costs \(total.formatted), not the \(agreed.formatted) agreed to.",
                  suggestion: "Run the command again with --total \(total.wireAmount) to pay the new price.")
        }) { return refused }
        return askOrGoAhead(
            &state, asking: .confirmPay(total), notDone: "Not paid.", yesTo: "pay \(total.formatted)"
        ) { pay(&$0, total) }
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
        var effects: [Effect] = [hideProgress]
        switch outcome {
        case .paid(let payment, let paid):
            state.current = paid
            let total = payment?.amount ?? paid.order?.totalAmount ?? amount
            effects.append(message(.success, "Booking \(paid.reference ?? "") is paid: \(total?.formatted ?? "the total")."))
            if state.isInteractive { return effects + show(&state, paid) }
            if state.input.presentation == .json, let order = paid.order, let json = encode(order) {
                effects.append(.note(.output(json)))
            }
            effects.append(.print(state.detailBlocks(paid)))
            return effects + finish(&state, .done)
        case .priceChanged(let old, let repriced):
            state.current = repriced
            let new = repriced.order?.totalAmount
            effects.append(error(
                "Nothing was paid: the airline changed the price from \(old.formatted) to \(new?.formatted ?? "a new total").",
                suggestion: state.isInteractive
                    ? nil : "Run the command again to pay the new price (with --total \(new?.wireAmount ?? "…") to agree it in advance)."))
            guard state.isInteractive, let new else { return effects + finish(&state, .declined) }
            // The new total is shown on the booking's page, and asked again.
            state.step = .confirmPay(new)
            return effects
        case .failed(let failure):
            effects.append(error("Booking \(reference) was not paid: \(failure.message)", suggestion: failure.suggestion))
            return backToBooking(&state, effects, else: .failed(failure.message))
        case .unknown(let failure):
            let text = "The payment for booking \(reference) may have been taken: the answer was lost (\(failure.message)) and the booking could not be read again."
            effects.append(error(text, suggestion: "Check with `flights booking \(reference)` before paying again."))
            return backToBooking(&state, effects, else: .failed(text))
        }
    }

    /// The traveller said no (or Esc).
    static func declinePayment(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Not paid.")], else: .declined)
    }

    /// The way forward when `blocker` stops a payment.
    private static func suggestion(for blocker: PaymentBlocker) -> String? {
        switch blocker {
        case .lapsed: "Search again to book the flight anew."
        case .unreadable: "Try again in a moment."
        default: nil
        }
    }
}
