import Entities
import Foundation
import Services

/// Paying for a held booking: its current total, confirmed by the traveller (or `--yes`, and `--total` when a
/// script agreed one), then paid; a price the airline changed is shown old and new and asked again, never paid.
extension FlightBookingsPresenter {
    func startPayment() async {
        guard let booking = current else { return }
        if let blocker = interactor.paymentBlocker(booking) {
            let message = "Booking \(booking.reference ?? "") cannot be paid now: \(describe(blocker))"
            if case .notAwaitingPayment = blocker, booking.order?.paymentStatus.paidAt != nil || booking.order?.status == .confirmed {
                // Paying what is paid is done, not a failure: a script that retries must not loop.
                view?.displayMessage(BookingsMessage(.info, "Booking \(booking.reference ?? "") is already paid."))
                return isInteractive ? ask() : finish(.done)
            }
            view?.displayError(message, suggestion: suggestion(for: blocker))
            return isInteractive ? ask() : finish(.failed(message))
        }
        guard let total = booking.order?.totalAmount else {
            let message = "The total to pay for booking \(booking.reference ?? "") is not known; refresh it and try again."
            view?.displayError(message, suggestion: nil)
            return isInteractive ? ask() : finish(.failed(message))
        }
        await askToPay(total)
    }

    private func askToPay(_ total: Money) async {
        if !isInteractive {
            if let agreed = input.acceptedTotal, agreed != total.amount {
                let agreedMoney = Money(amount: agreed, currency: total.currency)
                view?.displayError(
                    "Nothing was paid: the booking now costs \(total.formatted), not the \(agreedMoney.formatted) agreed to.",
                    suggestion: "Run the command again with --total \(total.wireAmount) to pay the new price.")
                return finish(.declined)
            }
            if input.assumeYes { return await pay(total) }
            guard canAsk, input.presentation == .text else {
                view?.displayMessage(BookingsMessage(
                    .info, "Not paid. This is not a terminal that can answer, so run the command again with --yes to pay \(total.formatted)."))
                return finish(.declined)
            }
        }
        step = .confirmPay(total)
        ask()
    }

    func pay(_ amount: Money) async {
        guard let booking = current else { return }
        view?.displayProgress("Paying \(amount.formatted)…")
        let outcome = await interactor.pay(booking, amount: amount)
        view?.hideProgress()
        switch outcome {
        case .paid(let payment, let paid):
            current = paid
            let total = payment?.amount ?? paid.order?.totalAmount ?? amount
            view?.displayMessage(BookingsMessage(.success, "Booking \(paid.reference ?? "") is paid: \(total.formatted)."))
            if isInteractive {
                show(paid)
            } else {
                if input.presentation == .json, let order = paid.order, let json = encode(order) { view?.displayOutput(json) }
                view?.displayDetail(detailViewModel(paid))
                finish(.done)
            }
        case .priceChanged(let old, let repriced):
            current = repriced
            let new = repriced.order?.totalAmount
            view?.displayError(
                "Nothing was paid: the airline changed the price from \(old.formatted) to \(new?.formatted ?? "a new total").",
                suggestion: isInteractive ? nil : "Run the command again to pay the new price (with --total \(new?.wireAmount ?? "…") to agree it in advance).")
            guard isInteractive, let new else { return finish(.declined) }
            view?.displayDetail(detailViewModel(repriced))
            step = .confirmPay(new)
            ask()
        case .failed(let error):
            view?.displayError("Booking \(booking.reference ?? "") was not paid: \(error.message)", suggestion: error.suggestion)
            if isInteractive { step = .detail; ask() } else { finish(.failed(error.message)) }
        case .unknown(let error):
            let message = "The payment for booking \(booking.reference ?? "") may have been taken: the answer was lost (\(error.message)) and the booking could not be read again."
            view?.displayError(message, suggestion: "Check with `flights booking \(booking.reference ?? "")` before paying again.")
            if isInteractive { step = .detail; ask() } else { finish(.failed(message)) }
        }
    }

    func declinePayment() {
        view?.displayMessage(BookingsMessage(.info, "Not paid."))
        if isInteractive {
            step = .detail
            ask()
        } else {
            finish(.declined)
        }
    }

    func describe(_ blocker: PaymentBlocker) -> String {
        switch blocker {
        case .otherBackend(let other):
            "it was booked through \(other), and this run talks to \(interactor.backend); pay it from there."
        case .unreadable(let error):
            "its order could not be read from the flight service\(error.map { " (\($0.message))" } ?? ""), so its price is not known."
        case .cancelled:
            "it is cancelled."
        case .notAwaitingPayment:
            "it is not a held booking awaiting payment."
        case .lapsed(let deadline):
            "the hold lapsed: it had to be paid by \(TravelFormat.instant(deadline, in: interactor.timeZone)), and the airline no longer keeps it."
        }
    }

    private func suggestion(for blocker: PaymentBlocker) -> String? {
        switch blocker {
        case .lapsed: "Search again to book the flight anew."
        case .unreadable: "Try again in a moment."
        default: nil
        }
    }
}
