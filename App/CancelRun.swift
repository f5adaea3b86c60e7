import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// `flights cancel REF`: the refund quoted by the core's `CancelBooking`, shown, then the cancellation once agreed
/// (`--yes`, or a person at a terminal), only at the refund a script agreed (`--refund`); a quote that expired is
/// asked for again, once, before anything is cancelled.
@MainActor
struct CancelRun {
    var reference: String
    /// `--yes`; `--refund`, the refund agreed beforehand; `--json`, the quote (nothing cancelled) or the
    /// cancellation as Duffel's JSON on standard output.
    var agreement: Agreement

    /// 0 cancelled (or cancelled already), 1 no such booking, 2 not agreed or another refund, 69 it cannot be
    /// cancelled or cancelling failed, 73 the bookings file cannot be read.
    func run(in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference) { booking, reference in await cancel(booking, reference: reference, context) }
    }

    /// The booking, cancelled when it can be.
    private func cancel(_ booking: Booking, reference: String, _ context: CommandContext) async -> FlowOutcome {
        if let blocker = booking.cancellationBlocker {
            if case .alreadyCancelled(let date) = blocker {
                // Asking twice for what is already done is not a failure: a script that retries must not loop.
                context.inform("Booking \(reference) was already cancelled on \(TravelFormat.instant(date, in: context.backend.timeZone)).")
                return .done
            }
            let text = "Booking \(reference) cannot be cancelled: \(context.bookingText.describe(blocker))"
            context.problem(text)
            return .backendError(text)
        }
        guard let orderID = booking.order?.id else { return .backendError("The booking's order could not be read.") }
        return await quote(orderID: orderID, booking: booking, reference: reference, context, again: false)
    }

    /// The refund quoted and shown, then agreed and confirmed.
    private func quote(
        orderID: String, booking: Booking, reference: String, _ context: CommandContext, again: Bool
    ) async -> FlowOutcome {
        let cancelling = CancelBooking(context.trip)
        context.progress("Asking the airline what cancelling would refund…")
        let quoted = await cancelling.quote(orderID: orderID)
        context.writer.hideProgress()
        let quote: OrderCancellation
        switch quoted {
        case .success(let answer): quote = answer
        case .failure(let failure):
            context.problem("The cancellation could not be quoted: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        }
        context.show(context.bookingText.quoteBlocks(quote, booking: booking))
        // No refund is a refund of nothing, in the booking's currency when the quote names none (XXX: ISO 4217's
        // "no currency", when neither does).
        let refund = quote.refundAmount ?? Money.zero(booking.shownOrder?.totalAmount?.currency ?? "XXX")
        if let agreedRefund = agreement.amount, !AgreedAmount.matches(agreedRefund, refund) {
            output(quote, context)
            context.problem(
                "Nothing was cancelled: cancelling now refunds \(quote.refund?.formatted ?? "nothing"), not the \(AgreedAmount.money(agreedRefund, as: refund).formatted) agreed to.",
                suggestion: "Run the command again with --refund \(refund.wireAmount) to cancel for that refund.")
            return .declined
        }
        let question = BookingText.cancelQuestion(quote, reference: reference)
        guard await context.agree(question, agreement, notDone: "Not cancelled.", yesTo: "cancel") else {
            output(quote, context)
            return .declined
        }
        // A quote that expired while the person thought is asked for again, once: one that looks expired as it
        // arrives says more about the clocks than the quote, and the API decides when it is confirmed.
        if quote.hasExpired(at: context.backend.now()), !again {
            context.inform("The refund quote has expired; asking the airline again.")
            return await self.quote(orderID: orderID, booking: booking, reference: reference, context, again: true)
        }
        context.changing("Cancelling…", reference: reference, what: "cancelled")
        let outcome = await cancelling.confirm(quote, of: booking, agreedRefund: agreement.amount)
        context.writer.hideProgress()
        return ended(outcome, reference: reference, context)
    }

    /// How the cancellation ended.
    private func ended(_ outcome: CancellationOutcome, reference: String, _ context: CommandContext) -> FlowOutcome {
        switch outcome {
        case .cancelled(let done, let recovered):
            context.succeeded(BookingText.cancelled(done, recovered: recovered))
            output(done.cancellation, context)
            context.show(done.booking)
            return .done
        case .notCancelled(let failure):
            context.problem("The booking was not cancelled: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .refundChanged(let refund):
            context.problem(
                "Nothing was cancelled: cancelling now refunds \(refund.formatted).",
                suggestion: "Run the command again with --refund \(refund.wireAmount) to cancel for that refund.")
            return .declined
        case .unknown(let failure, let lookup):
            let text = "Booking \(reference) may have been cancelled: the answer was lost (\(failure.message)) and the booking could not be read again (\(lookup.message))"
            context.problem(text, suggestion: "Check with `flights booking \(reference)` before cancelling again.")
            return .backendError(text)
        }
    }

    /// `document` (the quote, or the cancellation) as JSON on standard output with `--json`, for a script to read.
    private func output(_ document: OrderCancellation, _ context: CommandContext) {
        if agreement.json { context.output(document, naming: "cancellation") }
    }
}
