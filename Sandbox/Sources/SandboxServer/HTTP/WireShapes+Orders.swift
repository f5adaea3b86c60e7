import Foundation

/// Orders, order cancellations and payments with every field Duffel lists.
extension WireShapes {
    func order(_ object: [String: Any]) -> [String: Any] {
        var order = filled(object, [
            "content": "self-managed", "metadata": null, "available_actions": [Any](), "base_amount": null,
            "base_currency": null, "tax_amount": null, "tax_currency": null, "services": [Any](), "users": [Any](),
            "changes": [Any](), "airline_initiated_changes": [Any](), "cancellation": null, "void_window_ends_at": null,
            "synced_at": object["created_at"] ?? null, "cancelled_at": null, "documents": [Any](),
        ])
        order["conditions"] = filled(object, at: "conditions", Self.conditionKeys)
        order["payment_status"] = filled(object, at: "payment_status", [
            "awaiting_payment": false, "payment_required_by": null, "price_guarantee_expires_at": null, "paid_at": null,
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
        order["services"] = list(order["services"], bookedService)
        order["documents"] = list(order["documents"]) { filled($0, ["type": "electronic_ticket", "passenger_ids": [Any]()]) }
        return order
    }

    func cancellation(_ object: [String: Any]) -> [String: Any] {
        filled(object, [
            "refund_amount": null, "refund_currency": null, "refund_to": null, "expires_at": null, "confirmed_at": null,
            "airline_credits": [Any](), "live_mode": false,
        ])
    }

    func payment(_ object: [String: Any]) -> [String: Any] {
        filled(object, ["type": "balance", "status": null, "failure_reason": null, "live_mode": false])
    }
}
