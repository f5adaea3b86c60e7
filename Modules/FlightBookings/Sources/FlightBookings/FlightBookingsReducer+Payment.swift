import Entities
import Foundation
import Services

/// Paying for a held booking: its current total, confirmed by the traveller (or `--yes`, and `--total` when a
/// script agreed one), then paid; a price the airline changed is shown old and new and asked again, never paid.
extension FlightBookingsReducer {
    /// Asks to pay the open booking's total, unless it cannot be paid now.
    static func startPayment(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return [] }
        if let blocker = FlightBookingsInteractor.paymentBlocker(booking, at: state.now) {
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
        if !state.isInteractive {
            if let agreed = state.input.acceptedTotal, agreed != total.amount {
                let agreedMoney = Money(amount: agreed, currency: total.currency)
                return [error(
                    "Nothing was paid: the booking now costs \(total.formatted), not the \(agreedMoney.formatted) agreed to.",
                    suggestion: "Run the command again with --total \(total.wireAmount) to pay the new price.")]
                    + finish(&state, .declined)
            }
            if state.input.assumeYes { return pay(&state, total) }
            guard state.canAsk, state.input.presentation == .text else {
                return [message(
                    .info, "Not paid. This is not a terminal that can answer, so run the command again with --yes to pay \(total.formatted).")]
                    + finish(&state, .declined)
            }
        }
        state.step = .confirmPay(total)
        return [ask(state)]
    }

    /// Pays `amount` for the open booking.
    static func pay(_ state: inout State, _ amount: Money) -> [Effect] {
        guard let booking = state.current else { return [] }
        state.paying = amount
        return [changing("Paying \(amount.formatted)…", reference: booking.reference ?? "", what: "paid"), .pay(booking, amount: amount)]
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
                effects.append(.show(.note(.output(json))))
            }
            effects.append(.show(.detail(state.detailViewModel(paid))))
            return effects + finish(&state, .done)
        case .priceChanged(let old, let repriced):
            state.current = repriced
            let new = repriced.order?.totalAmount
            effects.append(error(
                "Nothing was paid: the airline changed the price from \(old.formatted) to \(new?.formatted ?? "a new total").",
                suggestion: state.isInteractive
                    ? nil : "Run the command again to pay the new price (with --total \(new?.wireAmount ?? "…") to agree it in advance)."))
            guard state.isInteractive, let new else { return effects + finish(&state, .declined) }
            effects.append(.show(.detail(state.detailViewModel(repriced))))
            state.step = .confirmPay(new)
            return effects + [ask(state)]
        case .failed(let failure):
            effects.append(error("Booking \(reference) was not paid: \(failure.message)", suggestion: failure.suggestion))
            guard state.isInteractive else { return effects + finish(&state, .failed(failure.message)) }
            state.step = .detail
            return effects + [ask(state)]
        case .unknown(let failure):
            let text = "The payment for booking \(reference) may have been taken: the answer was lost (\(failure.message)) and the booking could not be read again."
            effects.append(error(text, suggestion: "Check with `flights booking \(reference)` before paying again."))
            guard state.isInteractive else { return effects + finish(&state, .failed(text)) }
            state.step = .detail
            return effects + [ask(state)]
        }
    }

    /// The traveller said no (or Esc).
    static func declinePayment(_ state: inout State) -> [Effect] {
        let effects = [message(.info, "Not paid.")]
        guard state.isInteractive else { return effects + finish(&state, .declined) }
        state.step = .detail
        return effects + [ask(state)]
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
