public import Trips

/// A search whose offers arrive as the airlines answer, in words: how far it has got, and which batches of
/// airlines sent nothing. The offers screen's header and `flights search`'s progress line say it alike.
public enum ArrivalText {
    /// `21 offers so far · 2 airlines still answering`.
    public static func progress(_ arrival: OfferArrival) -> String {
        let found = arrival.offers.count == 1 ? "1 offer so far" : "\(arrival.offers.count) offers so far"
        return "\(found) · \(stillAnswering(arrival.remainingBatches))"
    }

    /// `2 airlines`: what batches are called (each batch is one supplier's airlines).
    public static func airlines(_ count: Int) -> String {
        count == 1 ? "1 airline" : "\(count) airlines"
    }

    /// `2 airlines still answering`.
    public static func stillAnswering(_ remaining: Int) -> String {
        "\(airlines(remaining)) still answering"
    }

    /// What the final arrival lacks, or `nil`: `1 of 3 airlines sent no offers (none to sell, a failure, or no
    /// answer within the 2 s allowed)`, without a full stop, to end a sentence or join a status line.
    public static func missing(_ arrival: OfferArrival, supplierTimeout: Duration?) -> String? {
        guard arrival.emptyBatches > 0, arrival.totalBatches > 1 else { return nil }
        let allowed = supplierTimeout.map { " within the \($0.components.seconds) s allowed" } ?? " in time"
        return "\(arrival.emptyBatches) of \(airlines(arrival.totalBatches)) sent no offers (none to sell, a failure, "
            + "or no answer\(allowed))"
    }
}
