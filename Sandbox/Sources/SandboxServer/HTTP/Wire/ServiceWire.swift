import Entities
import Foundation

/// A service: one of an offer's `available_services` (with the most one may buy, `maximum_quantity`), or one of an
/// order's `services` (with how many were bought, `quantity`, and what they cost in all), its metadata complete.
struct ServiceWire: Encodable {
    let id: String
    let type: ServiceType
    /// `maximum_quantity` or `quantity`, and its value.
    let count: (key: WireKey, value: Int)
    let passengerIds: [String]
    let segmentIds: [String]
    let total: Money?
    let metadata: ServiceMetadata?

    init(available service: AvailableService) {
        (id, type, passengerIds, segmentIds) = (service.id, service.type, service.passengerIds, service.segmentIds)
        count = ("maximum_quantity", service.maximumQuantity)
        (total, metadata) = (service.totalAmount, service.metadata)
    }

    init(booked service: BookedService) {
        (id, type, passengerIds, segmentIds) = (service.id, service.type, service.passengerIds, service.segmentIds)
        count = ("quantity", service.quantity)
        (total, metadata) = (service.totalAmount, service.metadata)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", id)
        try container.put("type", type)
        try container.put(count.key, count.value)
        try container.put("passenger_ids", passengerIds)
        try container.put("segment_ids", segmentIds)
        try container.putMoney("total", total)
        try container.put("metadata", ServiceMetadataWire(type: type, metadata: metadata))
    }
}

/// A service's metadata: a bag's type, weight and each dimension (`null` when not stated), a seat's designator,
/// name and disclosures; another kind's as it is, `null` when it has none.
struct ServiceMetadataWire: Encodable {
    let type: ServiceType
    let metadata: ServiceMetadata?

    func encode(to encoder: any Encoder) throws {
        switch type {
        case .baggage:
            var container = encoder.container(keyedBy: WireKey.self)
            try container.put("type", metadata?.baggageType)
            try container.put("maximum_weight_kg", metadata?.maximumWeightKg)
            try container.put("maximum_length_cm", metadata?.maximumLengthCm)
            try container.put("maximum_height_cm", metadata?.maximumHeightCm)
            try container.put("maximum_depth_cm", metadata?.maximumDepthCm)
        case .seat:
            var container = encoder.container(keyedBy: WireKey.self)
            try container.put("designator", metadata?.designator)
            try container.put("name", metadata?.name)
            try container.put("disclosures", metadata?.disclosures ?? [])
        default:
            var container = encoder.singleValueContainer()
            try container.encode(metadata)
        }
    }
}
