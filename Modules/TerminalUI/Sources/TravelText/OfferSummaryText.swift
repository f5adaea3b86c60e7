public import Entities
public import Foundation
public import TerminalUI
public import Trips

/// How an offer in full reads (its legs and flights, bags, conditions, price and terms), its passengers as typed,
/// and a booking made: pure functions of entities, for the summary screen and `flights book` alike.
public enum SummaryFormat {
    /// `Adult`, `Child, 8`, `Infant on a lap`.
    public static func label(_ slot: PassengerSlot) -> String {
        switch slot.type {
        case .adult: "Adult"
        case .child: slot.age.map { "Child, \($0)" } ?? "Child"
        case .infantWithoutSeat: "Infant on a lap"
        default: slot.type.displayName
        }
    }

    /// The passport row, when one was given: the number, the issuing country and the expiry.
    public static func passport(_ draft: PassengerDraft) -> [KeyValueList.Row] {
        guard let number = draft.passportNumber else { return [] }
        let parts = [number, draft.passportCountry, draft.passportExpiry.map { "expires \(TravelFormat.day($0))" }]
        return [KeyValueList.Row("Passport", parts.compactMap { $0 }.joined(separator: " · "))]
    }

    /// `Ms Imogen Fairweather`, or as much of it as was given.
    public static func name(_ draft: PassengerDraft) -> String {
        [draft.title?.displayName, draft.givenName, draft.familyName].compactMap { $0 }.joined(separator: " ")
    }

    /// `offer` in full for the passengers `slots`, its expiry as of `now` in `timeZone`.
    public static func summary(_ offer: Offer, slots: [PassengerSlot], now: Date, timeZone: TimeZone) -> OfferSummaryViewModel {
        OfferSummaryViewModel(
            title: "\(offer.owner.name) · \(offer.totalAmount.formatted)",
            legs: legs(offer.slices),
            bags: bags(offer, slots: slots),
            conditions: [
                KeyValueList.Row("Refund before departure", TravelFormat.condition(offer.conditions.refundBeforeDeparture)),
                KeyValueList.Row("Changes before departure", TravelFormat.condition(offer.conditions.changeBeforeDeparture)),
            ],
            price: price(offer, slots: slots),
            terms: terms(offer, now: now, timeZone: timeZone))
    }

    /// Each leg: its heading, its day, duration, changes, cabin and fare, then its flights with the waits between.
    public static func legs(_ slices: [Slice]) -> [LegViewModel] {
        zip(TravelFormat.legNames(slices), slices).map { name, slice in
            var detail: [String] = []
            if let departs = slice.departingAt { detail.append(TravelFormat.day(departs.date)) }
            detail.append(slice.totalDuration.formatted)
            detail.append(slice.connections == 0 ? "direct" : "\(slice.connections) change\(slice.connections == 1 ? "" : "s")")
            if let cabin = cabin(slice) { detail.append(cabin) }
            if let brand = slice.fareBrandName { detail.append("\(brand) fare") }
            var items: [LegViewModel.Item] = []
            for (index, segment) in slice.segments.enumerated() {
                if index > 0 {
                    items.append(.layover(layover(from: slice.segments[index - 1], to: segment)))
                }
                items.append(.segment(self.segment(segment)))
            }
            return LegViewModel(
                title: "\(name) · \(TravelFormat.city(of: slice.origin)) → \(TravelFormat.city(of: slice.destination))",
                detail: detail.joined(separator: " · "), items: items)
        }
    }

    /// The cabin of a leg, as the airline markets it (`Economy Light`), else its class.
    public static func cabin(_ slice: Slice) -> String? {
        guard let passenger = slice.segments.first?.passengers.first else { return nil }
        return passenger.cabinClassMarketingName ?? passenger.cabinClass.displayName
    }

    /// One flight: its number, airline, aircraft and duration; departs, arrives, who operates it, stops, cabin.
    public static func segment(_ segment: Segment) -> SegmentViewModel {
        var title = [segment.flightNumber, segment.marketingCarrier.name]
        if let aircraft = segment.aircraft { title.append(aircraft.name) }
        if let duration = segment.duration { title.append(duration.formatted) }
        var departs = "\(TravelFormat.local(segment.departingAt, at: segment.origin)) · \(TravelFormat.airport(segment.origin))"
        if let terminal = segment.originTerminal { departs += ", terminal \(terminal)" }
        var arrives = "\(TravelFormat.local(segment.arrivingAt, at: segment.destination)) · \(TravelFormat.airport(segment.destination))"
        if let terminal = segment.destinationTerminal { arrives += ", terminal \(terminal)" }
        let days = segment.departingAt.dayOffset(to: segment.arrivingAt)
        if days != 0 { arrives += " (\(days > 0 ? "+" : "")\(days) day\(abs(days) == 1 ? "" : "s"))" }
        var rows = [KeyValueList.Row("Departs", departs), KeyValueList.Row("Arrives", arrives)]
        if segment.isOperatedByAnotherCarrier {
            let number = segment.operatingCarrierFlightNumber.map { " as \(segment.operatingCarrier.iataCode ?? "")\($0)" } ?? ""
            rows.append(KeyValueList.Row("Operated by", segment.operatingCarrier.name + number))
        }
        for stop in segment.stops {
            let ground = stop.duration.map { ", \($0.formatted) on the ground" } ?? ""
            rows.append(KeyValueList.Row("Stops at", "\(TravelFormat.airport(stop.airport))\(ground), same flight"))
        }
        if let passenger = segment.passengers.first {
            rows.append(KeyValueList.Row("Cabin", passenger.cabinClassMarketingName ?? passenger.cabinClass.displayName))
        }
        return SegmentViewModel(title: title.joined(separator: " · "), rows: rows)
    }

    /// `Change in Dublin (DUB) · 2h 10m`, or a change of airports said as such.
    public static func layover(from arriving: Segment, to departing: Segment) -> String {
        let landed = arriving.arrivingAt.instant(in: arriving.destination.zone)
        let leaves = departing.departingAt.instant(in: departing.origin.zone)
        let wait = ISODuration(seconds: Int(leaves.timeIntervalSince(landed))).formatted
        if arriving.destination.iataCode != departing.origin.iataCode {
            return "Change airports: land at \(TravelFormat.airport(arriving.destination)), leave from \(TravelFormat.airport(departing.origin)) · \(wait)"
        }
        return "Change in \(TravelFormat.city(of: arriving.destination)) · \(wait)"
    }

    /// Each passenger's bags included, per leg when the legs differ.
    public static func bags(_ offer: Offer, slots: [PassengerSlot]) -> [String] {
        let names = TravelFormat.legNames(offer.slices)
        return slots.map { slot in
            let perSlice = offer.slices.map { slice -> String in
                let bags = slice.segments.first?.passengers.first { $0.passengerId == slot.id }?.baggages ?? []
                return describe(bags)
            }
            let heading = "Passenger \(slot.index + 1) (\(label(slot).lowercased()))"
            if Set(perSlice).count <= 1 { return "\(heading): \(perSlice.first ?? "no bags included")" }
            return "\(heading): " + zip(names, perSlice).map { "\($0.lowercased()) \($1)" }.joined(separator: "; ")
        }
    }

    /// `1 checked bag, 1 carry-on bag`, or `no bags included`.
    public static func describe(_ bags: [Baggage]) -> String {
        let kept = bags.filter { $0.quantity > 0 }
        guard !kept.isEmpty else { return "no bags included" }
        return kept.map { "\($0.quantity) \($0.type.displayName)\($0.quantity == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    /// `2 adults, 1 child (8)`: who the offer is for.
    public static func passengerCounts(_ slots: [PassengerSlot]) -> String {
        TravelFormat.passengers(
            adults: slots.filter { $0.type == .adult }.count,
            childAges: slots.filter { $0.type == .child }.map(\.age),
            infants: slots.filter { $0.type == .infantWithoutSeat }.count)
    }

    /// The price: who it is for, base fare, taxes, each passenger's share when they are alike, the total.
    public static func price(_ offer: Offer, slots: [PassengerSlot]) -> [KeyValueList.Row] {
        var rows = [KeyValueList.Row("Passengers", passengerCounts(slots))]
        if let base = offer.baseAmount { rows.append(KeyValueList.Row("Base fare", base.formatted)) }
        rows.append(KeyValueList.Row("Taxes and fees", offer.taxAmount?.formatted ?? "included, not broken out by the airline"))
        let types = Set(slots.map(\.type))
        if types.count == 1, let type = types.first, slots.count > 1 {
            // One passenger type: each pays the same share, so the split is exact up to rounding.
            let share = { (money: Money) in
                Money(amount: money.amount / Decimal(slots.count), currency: money.currency).rounded.formatted
            }
            var each = share(offer.totalAmount)
            if let base = offer.baseAmount, let tax = offer.taxAmount {
                each += " (base \(share(base)) + taxes \(share(tax)))"
            }
            rows.append(KeyValueList.Row("Each \(type.displayName.lowercased())", each))
        } else if types.count > 1 {
            rows.append(KeyValueList.Row("Per passenger type", "The airline prices the group as a whole and gives no split by type."))
        }
        rows.append(KeyValueList.Row("Total", offer.totalAmount.formatted))
        return rows
    }

    /// When the offer expires (and how long is left at `now`), how it can be paid, and its id.
    public static func terms(_ offer: Offer, now: Date, timeZone: TimeZone) -> [KeyValueList.Row] {
        var rows: [KeyValueList.Row] = []
        if let expiresAt = offer.expiresAt {
            rows.append(KeyValueList.Row(
                "Offer expires",
                "\(TravelFormat.instant(expiresAt, in: timeZone)) (\(TravelFormat.remaining(until: expiresAt, from: now)))"))
        }
        if offer.canBeHeld {
            let deadline = offer.paymentRequirements.paymentRequiredBy.map { " by " + TravelFormat.instant($0, in: timeZone) } ?? " later"
            rows.append(KeyValueList.Row("Payment", "Pay now, or hold it and pay\(deadline)"))
        } else {
            rows.append(KeyValueList.Row("Payment", "Paid in full when booking"))
        }
        rows.append(KeyValueList.Row("Offer", offer.id))
        return rows
    }

    /// One line per flight: `ZZ117  Fri 18 Dec 08:25 LHR → Fri 18 Dec 11:30 JFK`.
    public static func itinerary(_ slices: [Slice]) -> [String] {
        slices.flatMap { slice in
            slice.segments.map { segment in
                let departs = "\(TravelFormat.local(segment.departingAt, at: segment.origin)) \(segment.origin.iataCode)"
                let arrives = "\(TravelFormat.local(segment.arrivingAt, at: segment.destination)) \(segment.destination.iataCode)"
                return "\(segment.flightNumber)  \(departs) → \(arrives)"
            }
        }
    }
}
