import Entities
import Foundation

/// An order with every field Duffel lists: what Duffel keeps beside the booking (users, changes, a void window)
/// is empty or `null`, as for an order nothing has happened to.
struct OrderWire: Encodable {
    let order: Order

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", order.id)
        try container.put("booking_reference", order.bookingReference)
        try container.put("type", order.type)
        try container.putMoney("total", order.totalAmount)
        try container.putMoney("base", order.baseAmount)
        try container.putMoney("tax", order.taxAmount)
        try container.put("owner", WireFragments.carrier(order.owner))
        try container.putList("passengers", order.passengers) { OrderPassengerWire(passenger: $0) }
        try container.putList("slices", order.slices) { SliceWire(slice: $0, changeable: order.sandboxChangeable && order.mayChange(sliceID: $0.id)) }
        try container.put("conditions", order.conditions)
        try container.put("available_actions", order.availableActions ?? [])
        try container.put("payment_status", order.paymentStatus)
        try container.putList("documents", order.documents) { DocumentWire(document: $0) }
        try container.putList("services", order.services) { ServiceWire(booked: $0) }
        try container.put("metadata", order.metadata)
        try container.put("cancelled_at", order.cancelledAt)
        try container.put("created_at", order.createdAt)
        try container.put("synced_at", order.createdAt)
        try container.put("live_mode", order.liveMode)
        try container.put("content", "self-managed")
        try container.putNull("cancellation", "void_window_ends_at")
        try container.putEmpty("users", "changes")
        try container.putList("airline_initiated_changes", order.airlineInitiatedChanges) { AirlineChangeWire(change: $0) }
    }
}

/// A booked passenger: the details given at booking, `null` for what was not.
struct OrderPassengerWire: Encodable {
    let passenger: OrderPassenger

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", passenger.id)
        try container.put("type", passenger.type)
        try container.put("title", passenger.title)
        try container.put("gender", passenger.gender)
        try container.put("given_name", passenger.givenName)
        try container.put("family_name", passenger.familyName)
        try container.put("born_on", passenger.bornOn)
        try container.putNull("infant_passenger_id")
        try container.putEmpty("loyalty_programme_accounts")
    }
}

/// A ticket: an electronic ticket unless it says otherwise.
struct DocumentWire: Encodable {
    let document: OrderDocument

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("type", document.type ?? "electronic_ticket")
        try container.put("unique_identifier", document.uniqueIdentifier)
        try container.put("passenger_ids", document.passengerIds)
    }
}

/// An order cancellation, quoted or confirmed; the sandbox refunds in money, never in airline credits.
struct CancellationWire: Encodable {
    let cancellation: OrderCancellation

    func encode(to encoder: any Encoder) throws {
        try cancellation.encode(to: encoder)
        var container = encoder.container(keyedBy: WireKey.self)
        try container.putEmpty("airline_credits")
    }
}
