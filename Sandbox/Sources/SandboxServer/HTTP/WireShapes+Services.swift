import Foundation

/// Services with every field Duffel lists: those an offer sells (`available_services`) and those an order holds
/// (`services`); a bag's metadata with its weight and each dimension (`null` when not stated), a seat's with its
/// designator, name and disclosures.
extension WireShapes {
    static var bagMetadataKeys: [String: Any] { [
        "type": null, "maximum_weight_kg": null, "maximum_length_cm": null, "maximum_height_cm": null,
        "maximum_depth_cm": null,
    ] }
    static var seatMetadataKeys: [String: Any] { ["designator": null, "name": null, "disclosures": [Any]()] }

    /// One of an offer's `available_services`.
    func availableService(_ object: [String: Any]) -> [String: Any] {
        var service = filled(object, [
            "type": null, "maximum_quantity": 1, "passenger_ids": [Any](), "segment_ids": [Any](), "total_amount": null,
            "total_currency": null,
        ])
        service["metadata"] = metadata(object["metadata"], type: object["type"] as? String)
        return service
    }

    /// One of an order's `services`.
    func bookedService(_ object: [String: Any]) -> [String: Any] {
        var service = filled(object, [
            "type": null, "quantity": 1, "passenger_ids": [Any](), "segment_ids": [Any](), "total_amount": null,
            "total_currency": null,
        ])
        service["metadata"] = metadata(object["metadata"], type: object["type"] as? String)
        return service
    }

    private func metadata(_ value: Any?, type: String?) -> Any {
        let object = value as? [String: Any] ?? [:]
        switch type {
        case "baggage": return filled(object, Self.bagMetadataKeys)
        case "seat": return filled(object, Self.seatMetadataKeys)
        default: return value as? [String: Any] ?? null
        }
    }
}
