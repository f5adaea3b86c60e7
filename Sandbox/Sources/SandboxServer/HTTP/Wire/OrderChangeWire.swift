import Entities
import Foundation

/// An order change request: what was asked, as sent, and the change offers it found.
struct OrderChangeRequestWire: Encodable {
    let request: OrderChangeRequest

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", request.id)
        try container.put("order_id", request.orderId)
        var slices = container.nestedContainer(keyedBy: WireKey.self, forKey: "slices")
        try slices.putList("add", request.slices.add) { SliceSearchWire(slice: $0) }
        try slices.putList("remove", request.slices.remove) { SliceRemovalWire(slice: $0) }
        try container.putList("order_change_offers", request.orderChangeOffers) { OrderChangeOfferWire(offer: $0) }
        try container.put("created_at", request.createdAt)
        try container.put("updated_at", request.updatedAt)
        try container.put("live_mode", request.liveMode)
    }
}

/// A new slice searched for: `{origin, destination, departure_date, cabin_class}`.
struct SliceSearchWire: Encodable {
    let slice: OrderChangeSliceToAdd

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("origin", slice.origin)
        try container.put("destination", slice.destination)
        try container.put("departure_date", slice.departureDate)
        try container.put("cabin_class", slice.cabinClass)
    }
}

/// A slice taken out: `{slice_id}`.
struct SliceRemovalWire: Encodable {
    let slice: OrderChangeSliceToRemove

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("slice_id", slice.sliceId)
    }
}

/// A change offer. Its penalty goes under both of Duffel's names: `penalty_total_*` (the reference, its Java and Ruby
/// examples) and `penalty_*` (its Python and JavaScript examples, and what `duffel-api` 0.6.2 reads).
struct OrderChangeOfferWire: Encodable {
    let offer: OrderChangeOffer

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", offer.id)
        try container.put("order_change_id", offer.orderChangeId)
        try container.putMoney("change_total", offer.changeTotalAmount)
        try container.putMoney("new_total", offer.newTotalAmount)
        try container.putMoney("penalty_total", offer.penaltyTotalAmount)
        try container.putMoney("penalty", offer.penaltyTotalAmount)
        try container.put("expires_at", offer.expiresAt)
        try container.put("refund_to", offer.refundTo)
        try container.putChangeSlices(offer.slices)
        try container.put("conditions", offer.conditions)
        try container.put("available_payment_types", ["balance"])
        try container.putEmpty("private_fares")
        try container.put("created_at", offer.createdAt)
        try container.put("updated_at", offer.updatedAt)
        try container.put("live_mode", offer.liveMode)
    }
}

/// An order change, pending or confirmed.
struct OrderChangeWire: Encodable {
    let change: OrderChange

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", change.id)
        try container.put("order_id", change.orderId)
        try container.putMoney("change_total", change.changeTotalAmount)
        try container.putMoney("new_total", change.newTotalAmount)
        try container.putMoney("penalty_total", change.penaltyTotalAmount)
        try container.put("expires_at", change.expiresAt)
        try container.put("confirmed_at", change.confirmedAt)
        try container.put("refund_to", change.refundTo)
        try container.putChangeSlices(change.slices)
        try container.put("available_payment_types", ["balance"])
        try container.put("created_at", change.createdAt)
        try container.put("updated_at", change.updatedAt)
        try container.put("live_mode", change.liveMode)
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// `slices: {add: […], remove: […]}`, each a whole slice with its segments.
    mutating func putChangeSlices(_ slices: OrderChangeSlices) throws {
        var nested = nestedContainer(keyedBy: WireKey.self, forKey: "slices")
        try nested.putList("add", slices.add) { SliceWire(slice: $0) }
        try nested.putList("remove", slices.remove) { SliceWire(slice: $0) }
    }
}
