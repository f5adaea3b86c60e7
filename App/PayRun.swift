import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// `flights pay REF`: the held booking's current total, then the core's `PayHold` once agreed (`--yes`, or a person
/// at a terminal), only at the total a script agreed (`--total`); a price the airline changed is never paid.
@MainActor
struct PayRun {
    var reference: String
    /// `--yes`; `--total`, the total agreed beforehand; `--json`, the paid order as Duffel's JSON on standard output.
    var agreement: Agreement

    /// 0 paid (or paid already), 1 no such booking, 2 not agreed or another total, 69 it cannot be paid or paying
    /// failed, 73 the bookings file cannot be read.
    func run(in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference) { booking, reference in await pay(booking, reference: reference, context) }
    }

    /// The held booking, paid when it can be.
    private func pay(_ booking: Booking, reference: String, _ context: CommandContext) async -> FlowOutcome {
        if let blocker = booking.paymentBlocker(at: context.backend.now()) {
            if case .notAwaitingPayment = blocker,
               booking.shownOrder?.paymentStatus.paidAt != nil || booking.shownOrder?.status == .confirmed {
                // Paying what is paid is done, not a failure: a script that retries must not loop.
                context.inform("Booking \(reference) is already paid.")
                return .done
            }
            let text = "Booking \(reference) cannot be paid now: \(context.bookingText.describe(blocker))"
            context.problem(text, suggestion: BookingText.suggestion(for: blocker))
            return .backendError(text)
        }
        guard let total = booking.order?.totalAmount else {
            let text = "The total to pay for booking \(reference) is not known; refresh it and try again."
            context.problem(text)
            return .backendError(text)
        }
        if let agreedTotal = agreement.amount, !AgreedAmount.matches(agreedTotal, total) {
            context.problem(
                "Nothing was paid: the booking now costs \(total.formatted), not the \(AgreedAmount.money(agreedTotal, as: total).formatted) agreed to.",
                suggestion: "Run the command again with --total \(total.wireAmount) to pay the new price.")
            return .declined
        }
        guard await context.agree(
            "Pay \(total.formatted) now for booking \(reference)?", agreement, notDone: "Not paid.",
            yesTo: "pay \(total.formatted)")
        else { return .declined }
        context.changing("Paying \(total.formatted)…", reference: reference, what: "paid")
        let outcome = await PayHold(context.trip).pay(booking, amount: total)
        context.writer.hideProgress()
        return ended(outcome, amount: total, reference: reference, context)
    }

    /// How the payment ended.
    private func ended(_ outcome: PaymentOutcome, amount: Money, reference: String, _ context: CommandContext) -> FlowOutcome {
        switch outcome {
        case .paid(let payment, let paid):
            let total = payment?.amount ?? paid.order?.totalAmount ?? amount
            context.succeeded("Booking \(paid.reference ?? reference) is paid: \(total.formatted).")
            if agreement.json, let order = paid.order { context.output(order, naming: "order") }
            context.show(paid)
            return .done
        case .priceChanged(let old, let repriced):
            let new = repriced.order?.totalAmount
            context.problem(
                "Nothing was paid: the airline changed the price from \(old.formatted) to \(new?.formatted ?? "a new total").",
                suggestion: "Run the command again to pay the new price (with --total \(new?.wireAmount ?? "…") to agree it in advance).")
            return .declined
        case .failed(let failure):
            context.problem("Booking \(reference) was not paid: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .unknown(let failure):
            let text = "The payment for booking \(reference) may have been taken: the answer was lost (\(failure.message)) and the booking could not be read again."
            context.problem(text, suggestion: "Check with `flights booking \(reference)` before paying again.")
            return .backendError(text)
        }
    }
}
