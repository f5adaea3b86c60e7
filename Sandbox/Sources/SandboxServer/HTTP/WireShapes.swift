import Foundation

/// The objects the sandbox answers with, as Duffel's API reference lists them.
enum WireShape: Sendable {
    case offerRequest, offer, offerList, order, orderList, cancellation, payment, placeList
    /// One offer read with `return_available_services=true`: `available_services` is a list, empty when none.
    case offerWithServices
    /// `GET /air/seat_maps`: a list of seat maps, one per segment, with `meta` `null` as Duffel sends it.
    case seatMaps
}

/// Strict in what the sandbox sends: every field Duffel's reference lists for the objects it serves is there, `null`
/// where it has no value, in the shapes of Duffel's published examples. Entities write what the app reads; Duffel's
/// official clients (and other teams' code built on them) read fields the app has no use for (`client_key`,
/// `partial`, `content`, a slice's `origin_type`, an airline's `logo_symbol_url`, `meta.after` on the last page),
/// and fail when one is missing. This fills them in on the encoded answer; facts the encoding leaves out (an
/// airport's ICAO code on a slice, the metropolitan area it belongs to) come from the sandbox's world.
struct WireShapes: Sendable {
    let world: WorldMap

    /// `body` (Duffel's envelope around a `shape`) with every listed field present.
    static func complete(_ body: Data, as shape: WireShape) -> Data {
        WireShapes(world: .shared).complete(body, as: shape)
    }

    func complete(_ body: Data, as shape: WireShape) -> Data {
        guard var root = (JSONTreeReader.parse(body) ?? (try? JSONSerialization.jsonObject(with: body))) as? [String: Any]
        else { return body }
        let data = root["data"]
        switch shape {
        case .offerRequest: root["data"] = (data as? [String: Any]).map(offerRequest) ?? data
        case .offer: root["data"] = (data as? [String: Any]).map(offer) ?? data
        case .offerWithServices:
            root["data"] = (data as? [String: Any]).map { object in
                var offer = offer(object)
                if offer["available_services"] is NSNull { offer["available_services"] = [Any]() }
                return offer
            } ?? data
        case .offerList: root["data"] = (data as? [[String: Any]])?.map(offer) ?? data
        case .order: root["data"] = (data as? [String: Any]).map(order) ?? data
        case .orderList: root["data"] = (data as? [[String: Any]])?.map(order) ?? data
        case .cancellation: root["data"] = (data as? [String: Any]).map(cancellation) ?? data
        case .payment: root["data"] = (data as? [String: Any]).map(payment) ?? data
        case .placeList: root["data"] = (data as? [[String: Any]])?.map(place) ?? data
        case .seatMaps:
            root["data"] = (data as? [[String: Any]])?.map(seatMap) ?? data
            if root["meta"] == nil { root["meta"] = null }
        }
        if shape == .offerList || shape == .orderList || shape == .placeList {
            root["meta"] = Self.filled(root["meta"] as? [String: Any] ?? [:], ["limit": null, "after": null, "before": null])
        }
        if let written = JSONTreeWriter.data(root, capacity: body.count + body.count / 2) { return written }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: root, options: options)) ?? body
    }

    static let null = NSNull()
    var null: NSNull { Self.null }

    /// `object` with each of `defaults`' keys it lacks.
    static func filled(_ object: [String: Any], _ defaults: [String: Any]) -> [String: Any] {
        object.merging(defaults) { kept, _ in kept }
    }

    func filled(_ object: [String: Any], _ defaults: [String: Any]) -> [String: Any] { Self.filled(object, defaults) }

    /// `object[key]`, an object, with each of `defaults`' keys; `null` stays `null` when `keepNull`.
    func filled(_ object: [String: Any], at key: String, _ defaults: [String: Any], keepNull: Bool = false) -> Any {
        if keepNull, object[key] is NSNull { return null }
        return filled(object[key] as? [String: Any] ?? [:], defaults)
    }

    func list(_ value: Any?, _ transform: ([String: Any]) -> [String: Any]) -> [[String: Any]] {
        (value as? [[String: Any]] ?? []).map(transform)
    }

    // MARK: Searches and offers

    func offerRequest(_ object: [String: Any]) -> [String: Any] {
        var request = filled(object, [
            "cabin_class": null, "live_mode": false, "airline_credit_ids": [Any](), "offers": [Any](),
            // Duffel's key for its client components; the sandbox derives one from the request's id.
            "client_key": "ck_" + String((object["id"] as? String ?? "").reversed()),
        ])
        request["slices"] = list(object["slices"], searchSlice)
        request["passengers"] = list(object["passengers"], passenger)
        request["offers"] = list(request["offers"], offer)
        return request
    }

    private func searchSlice(_ object: [String: Any]) -> [String: Any] {
        var slice = filled(object, ["departure_time": null, "arrival_time": null])
        slice["origin"] = (object["origin"] as? [String: Any]).map(place) ?? null
        slice["destination"] = (object["destination"] as? [String: Any]).map(place) ?? null
        slice["origin_type"] = (slice["origin"] as? [String: Any])?["type"] ?? "airport"
        slice["destination_type"] = (slice["destination"] as? [String: Any])?["type"] ?? "airport"
        return slice
    }

    private func passenger(_ object: [String: Any]) -> [String: Any] {
        filled(object, [
            "type": null, "age": null, "given_name": null, "family_name": null,
            "loyalty_programme_accounts": [Any](), "fare_type": null,
        ])
    }

    /// Whether the whole offer (or order) can be refunded or changed: each `null` or `{allowed, penalty_…}`.
    static var conditionKeys: [String: Any] { ["refund_before_departure": null, "change_before_departure": null] }

    func offer(_ object: [String: Any]) -> [String: Any] {
        var offer = filled(object, [
            "partial": false, "base_amount": null, "base_currency": null, "tax_amount": null, "tax_currency": null,
            "total_emissions_kg": null, "available_services": null, "private_fares": [Any](),
            "supported_loyalty_programmes": [Any](), "passenger_identity_documents_required": false,
            "supported_passenger_identity_document_types": [Any](), "allowed_passenger_identity_document_types": [Any](),
        ])
        offer["conditions"] = filled(object, at: "conditions", Self.conditionKeys)
        offer["payment_requirements"] = filled(object, at: "payment_requirements", [
            "requires_instant_payment": true, "payment_required_by": null, "price_guarantee_expires_at": null,
        ])
        offer["owner"] = airline(object["owner"] as? [String: Any] ?? [:])
        offer["passengers"] = list(object["passengers"], passenger)
        offer["slices"] = list(object["slices"], slice)
        if object["available_services"] is [Any] {
            offer["available_services"] = list(object["available_services"], availableService)
        }
        return offer
    }

    func slice(_ object: [String: Any]) -> [String: Any] {
        var slice = filled(searchSlice(object), [
            "fare_brand_name": null, "comparison_key": null, "ngs_shelf": null, "duration": null, "changeable": null,
        ])
        // A slice's own conditions: each `null` where the airline does not say.
        slice["conditions"] = filled(object, at: "conditions", [
            "change_before_departure": null, "refund_before_departure": null, "advance_seat_selection": null,
            "priority_boarding": null, "priority_check_in": null,
        ])
        slice["segments"] = list(object["segments"], segment)
        return slice
    }

    private func segment(_ object: [String: Any]) -> [String: Any] {
        var segment = filled(object, [
            "aircraft": null, "distance": null, "duration": null, "origin_terminal": null, "destination_terminal": null,
            "operating_carrier_flight_number": null, "stops": [Any](),
        ])
        segment["origin"] = (object["origin"] as? [String: Any]).map(place) ?? null
        segment["destination"] = (object["destination"] as? [String: Any]).map(place) ?? null
        segment["marketing_carrier"] = airline(object["marketing_carrier"] as? [String: Any] ?? [:])
        segment["operating_carrier"] = airline(object["operating_carrier"] as? [String: Any] ?? [:])
        segment["aircraft"] = (object["aircraft"] as? [String: Any]).map(aircraft) ?? null
        segment["stops"] = list(object["stops"]) { stop in
            var filledStop = filled(stop, ["duration": null])
            filledStop["airport"] = (stop["airport"] as? [String: Any]).map(place) ?? null
            return filledStop
        }
        segment["passengers"] = list(object["passengers"]) { passenger in
            var completed = filled(passenger, [
                "cabin_class": null, "cabin_class_marketing_name": null, "fare_basis_code": null,
                "baggages": [Any](), "seat": null,
            ])
            // The cabin as Duffel describes it; the sandbox knows no amenities.
            completed["cabin"] = filled(passenger, at: "cabin", [
                "name": completed["cabin_class"] ?? null, "marketing_name": completed["cabin_class_marketing_name"] ?? null,
                "amenities": null,
            ], keepNull: true)
            return completed
        }
        return segment
    }
}
