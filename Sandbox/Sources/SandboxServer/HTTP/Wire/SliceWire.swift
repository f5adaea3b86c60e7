import Entities
import Foundation

/// A slice of an offer or an order, with its segments. `changeable` is `null` on an offer (the airline does not
/// say) and, on an order, whether an order change request would take it (a paid order on a changeable fare).
struct SliceWire: Encodable {
    let slice: Slice
    var changeable: Bool?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", slice.id)
        try container.putEnds(origin: slice.origin, destination: slice.destination)
        try container.put("duration", slice.duration)
        try container.put("fare_brand_name", slice.fareBrandName)
        try container.putList("segments", slice.segments) { SegmentWire(segment: $0) }
        try container.put("changeable", changeable)
        try container.putNull("comparison_key", "ngs_shelf")
        // A slice's own conditions: each `null`, as where the airline does not say.
        var conditions = container.nestedContainer(keyedBy: WireKey.self, forKey: "conditions")
        try conditions.putNull(
            "change_before_departure", "refund_before_departure", "advance_seat_selection", "priority_boarding",
            "priority_check_in")
    }
}

/// One flight of a slice, with its airports, airlines, aircraft, stops and each passenger's cabin and bags.
struct SegmentWire: Encodable {
    let segment: Segment

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", segment.id)
        try container.put("origin", WireFragments.airport(segment.origin))
        try container.put("destination", WireFragments.airport(segment.destination))
        try container.put("origin_terminal", segment.originTerminal)
        try container.put("destination_terminal", segment.destinationTerminal)
        try container.put("departing_at", segment.departingAt)
        try container.put("arriving_at", segment.arrivingAt)
        try container.put("duration", segment.duration)
        try container.put("marketing_carrier", WireFragments.carrier(segment.marketingCarrier))
        try container.put("marketing_carrier_flight_number", segment.marketingCarrierFlightNumber)
        try container.put("operating_carrier", WireFragments.carrier(segment.operatingCarrier))
        try container.put("operating_carrier_flight_number", segment.operatingCarrierFlightNumber)
        try container.put("aircraft", segment.aircraft.map(WireFragments.aircraft))
        try container.put("distance", segment.distance)
        try container.putList("stops", segment.stops) { StopWire(stop: $0) }
        try container.putList("passengers", segment.passengers) { SegmentPassengerWire(passenger: $0) }
    }
}

/// A landing inside a segment.
struct StopWire: Encodable {
    let stop: Stop

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", stop.id)
        try container.put("airport", WireFragments.airport(stop.airport))
        try container.put("arriving_at", stop.arrivingAt)
        try container.put("departing_at", stop.departingAt)
        try container.put("duration", stop.duration)
    }
}

/// One passenger's cabin and bags on a segment; the cabin as Duffel describes it, with no amenities known.
struct SegmentPassengerWire: Encodable {
    let passenger: SegmentPassenger

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("passenger_id", passenger.passengerId)
        try container.put("cabin_class", passenger.cabinClass)
        try container.put("cabin_class_marketing_name", passenger.cabinClassMarketingName)
        try container.put("fare_basis_code", passenger.fareBasisCode)
        try container.put("baggages", passenger.baggages)
        try container.putNull("seat")
        var cabin = container.nestedContainer(keyedBy: WireKey.self, forKey: "cabin")
        try cabin.put("name", passenger.cabinClass)
        try cabin.put("marketing_name", passenger.cabinClassMarketingName)
        try cabin.putNull("amenities")
    }
}
