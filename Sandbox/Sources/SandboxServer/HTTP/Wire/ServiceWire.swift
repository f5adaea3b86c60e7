import Entities
import Foundation

/// One of an offer's `available_services`, with its metadata complete.
struct AvailableServiceWire: Encodable {
    let service: AvailableService

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", service.id)
        try container.put("type", service.type)
        try container.put("maximum_quantity", service.maximumQuantity)
        try container.put("passenger_ids", service.passengerIds)
        try container.put("segment_ids", service.segmentIds)
        try container.putMoney("total", service.totalAmount)
        try container.put("metadata", ServiceMetadataWire(type: service.type, metadata: service.metadata))
    }
}

/// One of an order's `services`: its quantity and what it cost in all.
struct BookedServiceWire: Encodable {
    let service: BookedService

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", service.id)
        try container.put("type", service.type)
        try container.put("quantity", service.quantity)
        try container.put("passenger_ids", service.passengerIds)
        try container.put("segment_ids", service.segmentIds)
        try container.putMoney("total", service.totalAmount)
        try container.put("metadata", ServiceMetadataWire(type: service.type, metadata: service.metadata))
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
