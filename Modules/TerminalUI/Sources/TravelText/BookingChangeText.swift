public import Entities
import Foundation
public import ModuleCore
public import TerminalUI
public import Trips

/// What cancelling would refund, before the traveller confirms.
public struct CancellationQuoteViewModel: Sendable, Hashable, Codable {
    /// `Cancelling booking ERDAH6 refunds £372.50.`
    public var headline: String
    /// The refund, where it goes, what the airline keeps and until when the quote holds.
    public var rows: [KeyValueList.Row]
}

/// A change to a booking, worded alike on the screen and by the commands: the price it is agreed at (a
/// cancellation's refund, bags or seats added), the question that agrees to it, and what came of it.
extension BookingText {
    /// What cancelling `booking` would refund, as `quote` says, before the traveller confirms.
    public func quote(_ quote: OrderCancellation, booking: Booking) -> CancellationQuoteViewModel {
        let reference = booking.reference ?? ""
        var rows = [
            KeyValueList.Row("Refund", quote.refund?.formatted ?? "None"),
            KeyValueList.Row("Goes to", TravelFormat.refundDestination(quote.refundTo)),
        ]
        if quote.refundTo != "awaiting_payment", let paid = booking.order?.totalAmount, let refunded = quote.refundAmount,
           let kept = paid.subtracting(refunded), kept.amount > 0 {
            rows.append(KeyValueList.Row("Kept by the airline", kept.formatted))
        }
        if let expires = quote.expiresAt {
            rows.append(KeyValueList.Row(
                "Quote valid until",
                "\(TravelFormat.instant(expires, in: timeZone)) (\(TravelFormat.remaining(until: expires, from: now)))"))
        }
        let headline = quote.refund.map { "Cancelling booking \(reference) refunds \($0.formatted)." }
            ?? "There is no refund for cancelling booking \(reference)."
        return CancellationQuoteViewModel(headline: headline, rows: rows)
    }

    /// ``quote(_:booking:)`` as blocks.
    public func quoteBlocks(_ quote: OrderCancellation, booking: Booking) -> [ScreenBlock] {
        let shown = self.quote(quote, booking: booking)
        return [.header("Cancellation"), .notice(Notice(.warning, shown.headline)), .rows(KeyValueList(rows: shown.rows))]
    }

    /// The bags or seats of `quote` for booking `reference`, priced, before the traveller confirms.
    public static func extrasBlocks(_ quote: ExtrasQuote, reference: String) -> [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header("\(quote.kind == .seats ? "Seats" : "Bags") for booking \(reference)")]
        blocks += quote.lines.map { .text($0, indent: 2) }
        blocks += quote.unavailable.map { .notice(Notice(.warning, "No more bags are sold for \($0).")) }
        let total = quote.total.amount == 0
            ? "Free"
            : quote.paysNow
            ? "\(quote.total.formatted), paid now"
            : "\(quote.total.formatted), added to the hold: \(quote.holdTotal?.formatted ?? "its total grows"), paid with it"
        return blocks + [.rows(KeyValueList(rows: [KeyValueList.Row("Total", total)]))]
    }

    /// "Cancel booking ERDAH6 for a refund of £372.50?"
    public static func cancelQuestion(_ quote: OrderCancellation, reference: String) -> String {
        "Cancel booking \(reference)\(quote.refund.map { " for a refund of \($0.formatted)" } ?? " with no refund")?"
    }

    /// "Booking ERDAH6 is cancelled. £372.50 goes back to your Duffel balance." (`recovered`: its answer was lost,
    /// and reading the booking again showed it cancelled.)
    public static func cancelled(_ done: CancellationDone, recovered: Bool) -> String {
        let refund = done.cancellation.refundTo == "awaiting_payment"
            ? "It was never paid, so nothing is refunded."
            : done.cancellation.refund.map {
                "\($0.formatted) goes back to \(TravelFormat.refundDestination(done.cancellation.refundTo))."
            } ?? "There is no refund."
        // A lost answer found done says so, so the traveller knows why the refund is not itemised.
        let how = recovered ? " (the answer was lost; reading the booking again shows it cancelled)" : ""
        return "Booking \(done.booking.reference ?? "") is cancelled\(how). \(refund)"
    }

    /// "Add the bags and pay £60.00 now?", or what they add to a hold.
    public static func extrasQuestion(_ quote: ExtrasQuote) -> String {
        let what = quote.kind.rawValue
        return quote.paysNow
            ? (quote.total.amount > 0 ? "Add the \(what) and pay \(quote.total.formatted) now?" : "Add the \(what) (free)?")
            : "Add the \(what) to the hold (\(quote.holdTotal?.formatted ?? "its total") then, paid with it)?"
    }

    /// "Bags added to booking ERDAH6: £60.00 paid.", or what the hold costs now and how to pay it (`pay`: `p`, or
    /// the command). `quote` is what was agreed (`nil` when not known); `recovered`: its answer was lost, and the
    /// booking, read again, holds them.
    public static func extrasAdded(
        _ quote: ExtrasQuote?, to booking: Booking, reference: String, recovered: Bool, pay: String
    ) -> String {
        let how = recovered ? " (the answer was lost; the booking, read again, holds them)" : ""
        let money = quote.map { quote in
            quote.total.amount == 0
                ? ", free"
                : quote.paysNow
                ? ": \(quote.total.formatted) paid"
                : ": the hold now costs \((booking.shownOrder?.totalAmount ?? quote.holdTotal)?.formatted ?? "more"), paid with it before its deadline (\(pay))"
        } ?? ""
        return "\(quote?.kind == .seats ? "Seats" : "Bags") added to booking \(reference)\(how)\(money)."
    }
}
