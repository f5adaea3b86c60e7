import Entities
import Foundation
import MCP

/// How each tool's answer reads: compact objects in Duffel's field names, money as `{"amount", "currency"}`, times
/// in the airports' own clocks as Duffel writes them. Server strings sit in fields of their own, never inside a
/// sentence of ours.
enum ToolResults {
    static func money(_ money: Money?) -> Value {
        guard let money else { return .null }
        return ["amount": .string(money.wireAmount), "currency": .string(money.currency)]
    }

    static func text(_ text: String?) -> Value { text.map(Value.string) ?? .null }

    static func timestamp(_ date: Date?) -> Value { date.map { .string(DuffelJSON.formatTimestamp($0)) } ?? .null }

    static func place(_ place: Place) -> Value {
        [
            "type": .string(place.kind.rawValue), "iata_code": .string(place.iataCode), "name": .string(place.name),
            "city_name": text(place.cityName), "iata_country_code": .string(place.iataCountryCode),
            "time_zone": text(place.timeZone),
        ]
    }

    static func slice(_ slice: Slice) -> Value {
        [
            "origin": .string(slice.origin.iataCode), "destination": .string(slice.destination.iataCode),
            "departing_at": text(slice.departingAt?.description), "arriving_at": text(slice.arrivingAt?.description),
            "duration": .string(slice.totalDuration.description), "stops": .int(slice.connections),
            "flights": .array(slice.segments.map {
                .string("\($0.marketingCarrier.iataCode ?? "")\($0.marketingCarrierFlightNumber)")
            }),
            "connections": .array(slice.layovers.map {
                ["airport": .string($0.airport.iataCode), "duration": .string($0.duration.description),
                 "changes_airport": .bool($0.changesAirport)]
            }),
        ]
    }

    /// An offer in a search's list.
    static func offerSummary(_ offer: Offer) -> Value {
        var summary: [String: Value] = [
            "id": .string(offer.id), "total": money(offer.totalAmount), "expires_at": timestamp(offer.expiresAt),
            "airline": ["name": .string(offer.owner.name), "iata_code": text(offer.owner.iataCode)],
            "can_hold": .bool(offer.canBeHeld), "slices": .array(offer.slices.map(slice)),
        ]
        if let kg = offer.totalEmissionsKg.flatMap(Int.init) { summary["emissions_kg"] = .int(kg) }
        return .object(summary)
    }

    /// An offer in full: its passengers, conditions, baggage and what it sells beside the fare.
    static func offer(_ offer: Offer) -> Value {
        guard case .object(var summary) = offerSummary(offer) else { return .null }
        summary["passengers"] = .array(offer.passengers.map {
            ["id": .string($0.id), "type": .string($0.resolvedType.rawValue), "age": $0.age.map(Value.int) ?? .null]
        })
        summary["conditions"] = duffel(offer.conditions)
        summary["identity_documents_required"] = .bool(offer.passengerIdentityDocumentsRequired)
        summary["baggage"] = .array(offer.slices.flatMap(\.segments).map { segment in
            ["segment_id": .string(segment.id), "passengers": duffel(segment.passengers)]
        })
        summary["total_emissions_kg"] = text(offer.totalEmissionsKg)
        return ["offer": .object(summary), "available_services": .array((offer.availableServices ?? []).map(service))]
    }

    static func service(_ service: AvailableService) -> Value {
        [
            "id": .string(service.id), "type": .string(service.type.rawValue), "total": money(service.totalAmount),
            "passenger_ids": .array(service.passengerIds.map(Value.string)),
            "segment_ids": .array(service.segmentIds.map(Value.string)),
            "maximum_quantity": .int(service.maximumQuantity), "metadata": duffel(service.metadata),
        ]
    }

    /// An offer's seat maps, one per flight: each seat, free or not, and its lowest price.
    static func seatMaps(_ maps: [SeatMap], offer segments: [Segment]) -> Value {
        .array(maps.map { map in
            let segment = segments.first { $0.id == map.segmentId }
            return [
                "segment_id": .string(map.segmentId),
                "flight": text(segment.map { "\($0.marketingCarrier.iataCode ?? "")\($0.marketingCarrierFlightNumber)" }),
                "origin": text(segment?.origin.iataCode), "destination": text(segment?.destination.iataCode),
                "seats": .array(map.seats.filter(\.isSeat).map { seat in
                    [
                        "designator": text(seat.designator), "available": .bool(!seat.isTaken),
                        "price": money(seat.availableServices.map(\.totalAmount).min { $0.amount < $1.amount }),
                    ]
                }),
            ]
        })
    }

    /// A booking kept here, as the list shows it.
    static func record(_ record: BookingRecord) -> Value {
        [
            "booking_reference": text(record.bookingReference), "order_id": text(record.orderID),
            "state": .string(record.state == .awaitingPayment ? "held" : record.state.rawValue), "route": .string(record.route),
            "departing_at": text(record.legs.first?.departingAt?.description), "total": money(record.total),
            "payment_required_by": timestamp(record.paymentRequiredBy), "created_at": timestamp(record.createdAt),
        ]
    }

    /// A booking in full: the order as the API has it, or the record when the order could not be read.
    static func booking(_ found: BookingFound) -> Value {
        guard let order = found.order else {
            guard let record = found.record, case .object(var fields) = self.record(record) else { return .null }
            fields["read_from_api"] = false
            return .object(fields)
        }
        return [
            "booking_reference": .string(order.bookingReference), "order_id": .string(order.id),
            "state": .string(state(of: order)), "total": money(order.totalAmount),
            "awaiting_payment": .bool(order.paymentStatus.awaitingPayment),
            "payment_required_by": timestamp(order.paymentStatus.paymentRequiredBy),
            "cancelled_at": timestamp(order.cancelledAt), "airline": ["name": .string(order.owner.name)],
            "passengers": .array(order.passengers.map { .string("\($0.givenName) \($0.familyName)") }),
            "slices": .array(order.slices.map(slice)),
            "airline_changes_waiting": .int(order.pendingAirlineChanges.count), "read_from_api": true,
        ]
    }

    /// An order's state in the words of the bookings list: `confirmed`, `held` or `cancelled`.
    static func state(of order: Order) -> String {
        switch order.status {
        case .cancelled: "cancelled"
        case .awaitingPayment: "held"
        case .confirmed: "confirmed"
        }
    }

    /// One day (or pair of days) of the date grid.
    static func cell(_ cell: DateCell) -> Value {
        let lowest = cell.lowestTotalAmount.flatMap { amount in cell.lowestTotalCurrency.flatMap { Money(amount, currency: $0) } }
        return [
            "departure_date": .string(cell.departureDate), "return_date": text(cell.returnDate),
            "status": .string(cell.status), "lowest_total": money(lowest),
        ]
    }

    /// Anything Entities writes in Duffel's format, as a value.
    static func duffel(_ value: some Encodable) -> Value {
        guard let data = try? DuffelJSON.encoder().encode(value),
              let decoded = try? JSONDecoder().decode(Value.self, from: data)
        else { return .null }
        return decoded
    }
}
