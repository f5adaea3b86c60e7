public import Entities
import Foundation
public import ModuleCore
import TerminalUI
import Trips

/// A change of flights in words and tables, as the change screen shows it and `flights change` prints it: the
/// booking's flights, the airline's change offers, the change to confirm, what it costs, the booking after it.
public enum ChangeText {
    /// `London (LHR) → New York (JFK), Fri 18 Dec 09:05 – 12:00, direct, BA117`.
    public static func flight(_ slice: Slice) -> String {
        let parts = [
            "\(TravelFormat.city(of: slice.origin)) → \(TravelFormat.city(of: slice.destination))", times(slice, " – "),
            stops(slice), slice.segments.map(\.flightNumber).joined(separator: " "),
        ]
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `Fri 18 Dec 09:05 – 12:00`, `+1` when it lands a day later; empty when the slice has no flights.
    private static func times(_ slice: Slice, _ separator: String) -> String {
        guard let departing = slice.departingAt, let arriving = slice.arrivingAt else { return "" }
        let days = departing.dayOffset(to: arriving)
        return "\(TravelFormat.dayAndTime(departing))\(separator)\(arriving.time)\(days > 0 ? " +\(days)" : "")"
    }

    /// `direct`, `1 change`.
    private static func stops(_ slice: Slice) -> String {
        slice.connections == 0 ? "direct" : TravelFormat.count(slice.connections, "change")
    }

    /// `Tue 29 Dec 18:10–06:25 +1, ZZ118, direct`: a flight whose route is known from the one it replaces.
    public static func shortFlight(_ slice: Slice) -> String {
        [times(slice, "–"), slice.segments.map(\.flightNumber).joined(separator: " "), stops(slice)]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The booking's flights, numbered, with what its fare says about changes.
    public static func bookingFlights(_ order: Order) -> [ScreenBlock] {
        let names = TravelFormat.legNames(order.slices)
        var blocks: [ScreenBlock] = order.slices.enumerated().map { index, slice in
            .text("\(index + 1)  \(names[index]): \(flight(slice))", indent: 2)
        }
        let rule = order.conditions.changeBeforeDeparture?.allowed == false && order.airlineChangeAllowsRebooking
            ? "allowed for the flights the airline changed (its schedule change offers it)"
            : TravelFormat.condition(order.conditions.changeBeforeDeparture)
        blocks.append(.hint("Changes: \(rule)", indent: 2))
        return blocks
    }

    /// The booking after the change: its reference and its flights.
    public static func bookingBlocks(_ order: Order) -> [ScreenBlock] {
        [.header("Booking \(order.bookingReference)")] + bookingFlights(order)
    }

    /// What the change costs, in words: `£55.00 to pay (£40.00 of it the airline's change fee)`, or what comes back.
    public static func cost(total: Money, penalty: Money?) -> String {
        let fee = penalty.flatMap { $0.amount > 0 ? " (\($0.formatted) of it the airline's change fee)" : nil } ?? ""
        if total.amount > 0 { return "\(total.formatted) to pay\(fee)" }
        if total.amount < 0 { return "\(Money(amount: -total.amount, currency: total.currency).formatted) back" }
        return "no charge"
    }

    /// After the change: what was paid, or what goes back and where.
    public static func moneyLine(_ change: OrderChange) -> String {
        guard let total = change.changeTotalAmount, total.amount != 0 else { return "There was nothing to pay." }
        if total.amount > 0 { return "\(total.formatted) was paid." }
        let back = Money(amount: -total.amount, currency: total.currency)
        return "\(back.formatted) goes back to \(TravelFormat.refundDestination(change.refundTo))."
    }

    /// The change offers as a table: the new flights, the fare difference, the fee and the total.
    public static func offerBlocks(reference: String, offers: [OrderChangeOffer]) -> [ScreenBlock] {
        let rows = offers.enumerated().map { index, offer -> [String] in
            let flights = offer.slices.add.map(shortFlight).joined(separator: "; ")
            let penalty = offer.penaltyTotalAmount
            let difference = penalty.map { Money(amount: offer.changeTotalAmount.amount - $0.amount, currency: $0.currency) }
                ?? offer.changeTotalAmount
            return [flights, difference.formatted, penalty?.formatted ?? "–", cost(total: offer.changeTotalAmount, penalty: nil)]
        }
        let table = Table(
            columns: [
                .init("New flights", priority: 3, flexible: true, minimumWidth: 24),
                .init("Fare difference", alignment: .right, priority: 1), .init("Change fee", alignment: .right),
                .init("Total", alignment: .right, priority: 2),
            ],
            rows: rows, firstRowNumber: 1)
        return [.header("Ways to change booking \(reference)"), .table(table, indent: 2)]
    }

    /// Each listed offer's id under the table, numbered as it is, for a command to choose by (`--offer oco_…`).
    public static func offerIDBlocks(_ offers: [OrderChangeOffer]) -> [ScreenBlock] {
        offers.enumerated().map { index, offer in .text("\(index + 1). \(UntrustedText.visible(offer.id))", indent: 2) }
    }

    /// The change to confirm: the flights out (`moving`, when the offer names none), the flights in, and the total
    /// with the airline's fee (`penalty`) in it.
    public static func changeBlocks(
        reference: String, offer: OrderChangeOffer, moving: [Slice], total: Money?, penalty: Money?
    ) -> [ScreenBlock] {
        let out = offer.slices.remove.isEmpty ? moving : offer.slices.remove
        var blocks: [ScreenBlock] = [.header("Change booking \(reference)")]
        blocks += out.map { .text("Out: \(flight($0))", indent: 2) }
        blocks += offer.slices.add.map { .text("In:  \(flight($0))", indent: 2) }
        if let total {
            blocks.append(.text("Total: \(cost(total: total, penalty: penalty ?? offer.penaltyTotalAmount))", indent: 2))
        }
        return blocks
    }
}
