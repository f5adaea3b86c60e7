import Entities
import Foundation

/// A batch offer request as Duffel writes it: on creation without `offers`; on each read with the offers of the
/// batches that answered since the last read.
struct BatchOfferRequestWire: Encodable {
    let id: String
    let createdAt: Date
    let totalBatches: Int
    let remainingBatches: Int
    /// `nil` on creation, where Duffel sends no `offers`.
    let offers: [Offer]?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", id)
        try container.put("created_at", createdAt)
        try container.put("live_mode", false)
        try container.put("client_key", "ck_" + String(id.reversed()))
        try container.put("total_batches", totalBatches)
        try container.put("remaining_batches", remainingBatches)
        if let offers { try container.putList("offers", offers) { OfferWire(offer: $0) } }
    }
}
