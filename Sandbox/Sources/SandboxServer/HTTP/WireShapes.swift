import Foundation

/// The objects the sandbox answers with, as Duffel's API reference lists them.
enum WireShape: Sendable {
    case offerRequest, offer, offerList, order, orderList, cancellation, payment, placeList
}

/// Strict in what the sandbox sends: every field Duffel's reference lists for the objects it serves is there, `null`
/// where it has no value, in the shapes of Duffel's published examples. Entities write what the app reads; Duffel's
/// official clients (and other teams' code built on them) read fields the app has no use for (`client_key`,
/// `partial`, `content`, a slice's `origin_type`, an airline's `logo_symbol_url`, `meta.after` on the last page),
/// and fail when one is missing. This fills them in on the encoded answer.
enum WireShapes {
    /// `body` (Duffel's envelope around a `shape`) with every listed field present.
    static func complete(_ body: Data, as shape: WireShape) -> Data {
        guard var root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return body }
        let data = root["data"]
        switch shape {
        case .offerRequest: root["data"] = (data as? [String: Any]).map(offerRequest) ?? data
        case .offer: root["data"] = (data as? [String: Any]).map(offer) ?? data
        case .offerList: root["data"] = (data as? [[String: Any]])?.map(offer) ?? data
        case .order: root["data"] = (data as? [String: Any]).map(order) ?? data
        case .orderList: root["data"] = (data as? [[String: Any]])?.map(order) ?? data
        case .cancellation: root["data"] = (data as? [String: Any]).map(cancellation) ?? data
        case .payment: root["data"] = (data as? [String: Any]).map(payment) ?? data
        case .placeList: root["data"] = (data as? [[String: Any]])?.map(place) ?? data
        }
        if shape == .offerList || shape == .orderList || shape == .placeList {
            root["meta"] = filled(root["meta"] as? [String: Any] ?? [:], ["limit": null, "after": null, "before": null])
        }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: root, options: options)) ?? body
    }

    private static let null = NSNull()

    /// `object` with each of `defaults`' keys it lacks.
    private static func filled(_ object: [String: Any], _ defaults: [String: Any]) -> [String: Any] {
        object.merging(defaults) { kept, _ in kept }
    }

    private static func list(_ value: Any?, _ transform: ([String: Any]) -> [String: Any]) -> [[String: Any]] {
        (value as? [[String: Any]] ?? []).map(transform)
    }

    // MARK: Searches and offers

    static func offerRequest(_ object: [String: Any]) -> [String: Any] {
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

    private static func searchSlice(_ object: [String: Any]) -> [String: Any] {
        var slice = filled(object, ["departure_time": null, "arrival_time": null])
        slice["origin"] = (object["origin"] as? [String: Any]).map(place) ?? null
        slice["destination"] = (object["destination"] as? [String: Any]).map(place) ?? null
        slice["origin_type"] = (slice["origin"] as? [String: Any])?["type"] ?? "airport"
        slice["destination_type"] = (slice["destination"] as? [String: Any])?["type"] ?? "airport"
        return slice
    }

    private static func passenger(_ object: [String: Any]) -> [String: Any] {
        filled(object, [
            "type": null, "age": null, "given_name": null, "family_name": null,
            "loyalty_programme_accounts": [Any](), "fare_type": null,
        ])
    }

    static func offer(_ object: [String: Any]) -> [String: Any] {
        var offer = filled(object, [
            "partial": false, "base_amount": null, "base_currency": null, "tax_amount": null, "tax_currency": null,
            "total_emissions_kg": null, "available_services": null, "private_fares": [Any](),
            "supported_loyalty_programmes": [Any](), "passenger_identity_documents_required": false,
            "supported_passenger_identity_document_types": [Any](), "allowed_passenger_identity_document_types": [Any](),
            "conditions": ["refund_before_departure": null, "change_before_departure": null],
            "payment_requirements": [
                "requires_instant_payment": true, "payment_required_by": null, "price_guarantee_expires_at": null,
            ],
        ])
        offer["owner"] = airline(object["owner"] as? [String: Any] ?? [:])
        offer["passengers"] = list(object["passengers"], passenger)
        offer["slices"] = list(object["slices"], slice)
        return offer
    }

    private static func slice(_ object: [String: Any]) -> [String: Any] {
        var slice = searchSlice(object)
        slice = filled(slice, [
            "fare_brand_name": null, "comparison_key": null, "ngs_shelf": null, "duration": null,
            "conditions": ["change_before_departure": null], "changeable": null,
        ])
        slice["segments"] = list(object["segments"], segment)
        return slice
    }

    private static func segment(_ object: [String: Any]) -> [String: Any] {
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
            filled(passenger, [
                "cabin_class_marketing_name": null, "fare_basis_code": null, "baggages": [Any](), "seat": null,
            ])
        }
        return segment
    }

    // MARK: Places, airlines, aircraft

    static func place(_ object: [String: Any]) -> [String: Any] {
        let code = (object["iata_code"] as? String ?? "").lowercased()
        let country = (object["iata_country_code"] as? String ?? "").lowercased()
        let type = object["type"] as? String ?? "airport"
        var completed = filled(object, [
            "type": type, "id": (type == "city" ? "cit_" : "arp_") + code + "_" + country, "icao_code": null,
            "iata_city_code": null, "city_name": null, "latitude": null, "longitude": null, "time_zone": null,
            "city": null,
        ])
        if type == "city" {
            completed["airports"] = list(object["airports"], place)
        } else {
            completed["airports"] = object["airports"] ?? null
        }
        return completed
    }

    private static func airline(_ object: [String: Any]) -> [String: Any] {
        let code = object["iata_code"] as? String
        return filled(object, [
            "id": "arl_" + (code ?? "unknown").lowercased(), "name": code ?? "Unknown airline", "iata_code": null,
            "logo_symbol_url": null, "logo_lockup_url": null, "conditions_of_carriage_url": null,
        ])
    }

    private static func aircraft(_ object: [String: Any]) -> [String: Any] {
        let code = object["iata_code"] as? String
        return filled(object, ["id": "arc_" + (code ?? "unknown").lowercased(), "iata_code": null])
    }

    // MARK: Orders, cancellations, payments

    static func order(_ object: [String: Any]) -> [String: Any] {
        var order = filled(object, [
            "content": "self-managed", "metadata": null, "available_actions": [Any](), "base_amount": null,
            "base_currency": null, "tax_amount": null, "tax_currency": null, "services": [Any](), "users": [Any](),
            "changes": [Any](), "airline_initiated_changes": [Any](), "cancellation": null, "void_window_ends_at": null,
            "synced_at": object["created_at"] ?? null, "cancelled_at": null, "documents": [Any](),
            "conditions": ["refund_before_departure": null, "change_before_departure": null],
        ])
        order["owner"] = airline(object["owner"] as? [String: Any] ?? [:])
        // A booked slice is changed through order changes, which the sandbox does not offer.
        order["slices"] = list(object["slices"], slice).map { booked in
            var slice = booked
            if slice["changeable"] is NSNull { slice["changeable"] = false }
            return slice
        }
        order["passengers"] = list(object["passengers"]) { passenger in
            filled(passenger, [
                "type": null, "title": null, "gender": null, "given_name": null, "family_name": null, "born_on": null,
                "infant_passenger_id": null, "loyalty_programme_accounts": [Any](),
            ])
        }
        order["documents"] = list(order["documents"]) { filled($0, ["type": "electronic_ticket", "passenger_ids": [Any]()]) }
        return order
    }

    static func cancellation(_ object: [String: Any]) -> [String: Any] {
        filled(object, [
            "refund_amount": null, "refund_currency": null, "refund_to": null, "expires_at": null, "confirmed_at": null,
            "airline_credits": [Any](), "live_mode": false,
        ])
    }

    static func payment(_ object: [String: Any]) -> [String: Any] {
        filled(object, ["type": "balance", "status": null, "failure_reason": null, "live_mode": false])
    }
}
