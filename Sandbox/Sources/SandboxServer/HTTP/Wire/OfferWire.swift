import Entities
import Foundation

/// An offer request as Duffel sends it: the search as understood, its passengers, and its offers when asked for.
struct OfferRequestWire: Encodable {
    let request: OfferRequest

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", request.id)
        try container.putList("slices", request.slices) { SearchSliceWire(slice: $0) }
        try container.putList("passengers", request.passengers) { PassengerWire(passenger: $0) }
        try container.put("cabin_class", request.cabinClass)
        try container.putList("offers", request.offers) { OfferWire(offer: $0) }
        try container.put("created_at", request.createdAt)
        try container.put("live_mode", request.liveMode)
        try container.putEmpty("airline_credit_ids")
        // Duffel's key for its client components; the sandbox derives one from the request's id.
        try container.put("client_key", "ck_" + String(request.id.reversed()))
    }
}

/// A leg of a search as Duffel echoes it: the places resolved, no time windows.
struct SearchSliceWire: Encodable {
    let slice: OfferRequestSlice

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.putEnds(origin: slice.origin, destination: slice.destination)
        try container.put("departure_date", slice.departureDate)
    }
}

/// A passenger of a search or an offer: `type` and `age` both listed, names unknown until booking.
struct PassengerWire: Encodable {
    let passenger: OfferPassenger

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", passenger.id)
        try container.put("type", passenger.type)
        try container.put("age", passenger.age)
        try container.putNull("given_name", "family_name", "fare_type")
        try container.putEmpty("loyalty_programme_accounts")
    }
}

/// An offer with every field Duffel lists. `available_services` is a list when the offer was read with
/// `return_available_services=true` (empty when it sells none), and `null` otherwise, as in searches and lists.
struct OfferWire: Encodable {
    let offer: Offer

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", offer.id)
        try container.putMoney("total", offer.totalAmount)
        try container.putMoney("base", offer.baseAmount)
        try container.putMoney("tax", offer.taxAmount)
        try container.put("owner", WireFragments.carrier(offer.owner))
        try container.putList("passengers", offer.passengers) { PassengerWire(passenger: $0) }
        try container.putList("slices", offer.slices) { SliceWire(slice: $0) }
        try container.put("conditions", offer.conditions)
        try container.put("payment_requirements", offer.paymentRequirements)
        try container.put("passenger_identity_documents_required", offer.passengerIdentityDocumentsRequired)
        try container.put("supported_passenger_identity_document_types", offer.supportedPassengerIdentityDocumentTypes)
        try container.put("allowed_passenger_identity_document_types", offer.supportedPassengerIdentityDocumentTypes)
        try container.put("total_emissions_kg", offer.totalEmissionsKg)
        if let services = offer.availableServices {
            try container.putList("available_services", services) { ServiceWire(available: $0) }
        } else {
            try container.putNull("available_services")
        }
        try container.put("expires_at", offer.expiresAt)
        try container.put("created_at", offer.createdAt)
        try container.put("updated_at", offer.updatedAt)
        try container.put("live_mode", offer.liveMode)
        try container.put("partial", false)
        try container.putEmpty("private_fares", "supported_loyalty_programmes")
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// A slice's ends and their types (`airport` or `city`), and its time windows, which the sandbox does not keep.
    mutating func putEnds(origin: Place, destination: Place) throws {
        try put("origin", WireFragments.place(origin))
        try put("destination", WireFragments.place(destination))
        try put("origin_type", origin.kind.rawValue)
        try put("destination_type", destination.kind.rawValue)
        try putNull("departure_time", "arrival_time")
    }
}
