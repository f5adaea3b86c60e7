import Entities

/// One batch of a search's offers, as Duffel's batch offer requests deliver them: the airlines one supplier
/// answers for, after its delay, or a failure.
struct AirlineBatch: Sendable, Hashable {
    /// The owners (IATA codes) of the offers in this batch.
    var airlines: Set<String>
    /// How long after the search the batch answers.
    var delay: Duration
    /// Answers with no offers: the supplier failed.
    var fails: Bool
}

/// How a search's airlines answer: dealt round into three batches in the order their first offers come, each with
/// the delay its route's scenario gives (none on an ordinary route, so every batch is ready at once).
enum AirlineBatches {
    static let count = 3

    /// The delays of the three batches on a route with `scenarios`.
    static func delays(for scenarios: Set<Scenario>) -> [Duration] {
        if scenarios.contains(.slowAirlines) { return [.milliseconds(300), .seconds(2), .seconds(8)] }
        if scenarios.contains(.airlineFails) { return [.milliseconds(300), .seconds(1), .seconds(2)] }
        return [.zero, .zero, .zero]
    }

    /// Whether a route's airlines take time to answer (and so a search waits for them, and `supplier_timeout`
    /// matters).
    static func areSlow(_ scenarios: Set<Scenario>) -> Bool {
        delays(for: scenarios).contains { $0 > .zero }
    }

    /// The batches of `offers` on a route with `scenarios`: never fewer than one, never empty of airlines but for
    /// a search without offers.
    static func batches(of offers: [Offer], scenarios: Set<Scenario>) -> [AirlineBatch] {
        var owners: [String] = []
        for offer in offers where !owners.contains(offer.owner.iataCode ?? "") {
            owners.append(offer.owner.iataCode ?? "")
        }
        let delays = delays(for: scenarios)
        let count = max(1, min(Self.count, owners.count))
        return (0..<count).map { index in
            AirlineBatch(
                airlines: Set(owners.enumerated().filter { $0.offset % count == index }.map(\.element)),
                delay: delays[index], fails: scenarios.contains(.airlineFails) && index == 1)
        }
    }

    /// Whether batch `batch` answers with its offers when the airlines are given `supplierTimeout`.
    static func answers(_ batch: AirlineBatch, within supplierTimeout: Duration?) -> Bool {
        !batch.fails && batch.delay <= (supplierTimeout ?? .seconds(60))
    }
}
