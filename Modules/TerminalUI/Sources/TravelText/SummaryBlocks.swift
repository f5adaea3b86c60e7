public import Entities
public import Foundation
public import ModuleCore
public import Services
public import TerminalUI
public import Trips

/// One flight of a leg, as the summary lists it.
public struct SegmentViewModel: Sendable, Hashable, Codable {
    /// `ZZ117 · Duffel Airways · Boeing 787-9 · 8h 05m`.
    public var title: String
    /// Departs, Arrives, Operated by, Stops, Cabin.
    public var rows: [KeyValueList.Row]
}

/// One leg: its heading, then its flights with the waits between them.
public struct LegViewModel: Sendable, Hashable, Codable {
    /// Something on a leg, in order.
    public enum Item: Sendable, Hashable, Codable {
        /// A flight.
        case segment(SegmentViewModel)
        /// `Change in Dublin (DUB) · 2h 10m`.
        case layover(String)
    }

    /// `Outbound · London (LHR) → New York (JFK)`.
    public var title: String
    /// `Fri 18 Dec 2026 · 8h 05m · direct · Basic`.
    public var detail: String
    /// The flights and the waits between them, in order.
    public var items: [Item]
}

/// The offer in full.
public struct OfferSummaryViewModel: Sendable, Hashable, Codable {
    /// `Duffel Airways · £412.50`.
    public var title: String
    /// Each leg, in order.
    public var legs: [LegViewModel]
    /// One line per passenger: `Passenger 1 (adult): 1 checked bag, 1 carry-on bag`.
    public var bags: [String]
    /// Refund and change rules.
    public var conditions: [KeyValueList.Row]
    /// Base, taxes, per passenger type and total.
    public var price: [KeyValueList.Row]
    /// When the offer expires, and how it can be paid.
    public var terms: [KeyValueList.Row]
}

/// Old and new price of an offer that was re-checked.
public struct PriceChangeViewModel: Sendable, Hashable, Codable {
    /// `The price changed from £412.50 to £422.50 (+£10.00).`
    public var message: String
    /// The total before.
    public var oldTotal: String
    /// The total now.
    public var newTotal: String

    /// A change of price said as `message`, from `oldTotal` to `newTotal`.
    public init(message: String, oldTotal: String, newTotal: String) {
        self.message = message
        self.oldTotal = oldTotal
        self.newTotal = newTotal
    }
}

/// The passengers as entered, with the total, before the final confirmation.
public struct ReviewViewModel: Sendable, Hashable, Codable {
    /// One block per passenger: a heading and its details.
    public struct Passenger: Sendable, Hashable, Codable {
        /// `Passenger 1 · Adult`.
        public var heading: String
        /// The details, one row each.
        public var rows: [KeyValueList.Row]
    }

    /// Each passenger, in the offer's order.
    public var passengers: [Passenger]
    /// The fare's total.
    public var total: String
    /// The seats and bags chosen, and the total with them; empty when none.
    public var extras: [KeyValueList.Row] = []
}

/// A booking made: the reference, the order, the itinerary and where it is kept.
public struct BookingViewModel: Sendable, Hashable, Codable {
    /// `Booked: reference ERDAH6`.
    public var headline: String
    /// The details, one row each.
    public var rows: [KeyValueList.Row]
    /// One line per flight.
    public var itinerary: [String]
    /// A warning when the booking could not be written locally.
    public var storeWarning: String?
}

extension PriceChangeViewModel {
    /// The old and the new total of an offer re-checked, and the difference.
    public static func between(_ old: Offer, _ new: Offer) -> PriceChangeViewModel {
        var change = ""
        if let difference = new.totalAmount.subtracting(old.totalAmount) {
            change = difference.amount >= 0 ? " (+\(difference.formatted))" : " (\(difference.formatted))"
        }
        return PriceChangeViewModel(
            message: "The price changed from \(old.totalAmount.formatted) to \(new.totalAmount.formatted)\(change).",
            oldTotal: old.totalAmount.formatted, newTotal: new.totalAmount.formatted)
    }
}

// MARK: As blocks

extension OfferSummaryViewModel {
    /// The offer in full, as written in the conversation.
    public var blocks: [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header("Your flight", detail: title)]
        for leg in legs {
            blocks += [.drawing([StyledLine([StyledRun(leg.title, .bold)])]), .text(leg.detail, indent: 2)]
            for item in leg.items {
                switch item {
                case .segment(let segment):
                    blocks += [.text(segment.title, indent: 2), .rows(KeyValueList(rows: segment.rows, indent: 4))]
                case .layover(let text):
                    blocks.append(.notice(Notice(.info, text)))
                }
            }
        }
        blocks.append(.header("Bags"))
        blocks += bags.map { .text($0, indent: 2) }
        blocks += [.header("Conditions"), .rows(KeyValueList(rows: conditions))]
        blocks += [.header("Price"), .rows(KeyValueList(rows: price + terms))]
        return blocks
    }
}

extension PriceChangeViewModel {
    /// The change, then the old and the new total.
    public var blocks: [ScreenBlock] {
        [.notice(Notice(.warning, message)), .rows(KeyValueList(rows: [.init("Was", oldTotal), .init("Now", newTotal)]))]
    }
}

extension ReviewViewModel {
    /// Each passenger's details, then the seats and bags with the total.
    public var blocks: [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header("Passengers", detail: extras.isEmpty ? "total \(total)" : "fare \(total)")]
        for passenger in passengers {
            blocks += [.text(passenger.heading), .rows(KeyValueList(rows: passenger.rows))]
        }
        if !extras.isEmpty { blocks += [.header("Seats and bags"), .rows(KeyValueList(rows: extras))] }
        return blocks
    }
}

extension BookingViewModel {
    /// The reference, the order, the itinerary, and a warning when it could not be kept here.
    public var blocks: [ScreenBlock] {
        var blocks: [ScreenBlock] = [.notice(Notice(.success, headline)), .rows(KeyValueList(rows: rows)), .header("Itinerary")]
        blocks += itinerary.map { .text($0, indent: 2) }
        if let storeWarning { blocks.append(.notice(Notice(.warning, storeWarning))) }
        return blocks
    }
}

extension ReviewViewModel {
    /// The passengers as typed (each slot with its draft), the fare's `total`, and the rows of the seats and bags
    /// chosen (empty when none).
    public init(entries: [(PassengerSlot, PassengerDraft)], total: Money, extras: [KeyValueList.Row] = []) {
        self.init(
            passengers: entries.map { slot, draft in
                Passenger(
                    heading: "Passenger \(slot.index + 1) · \(SummaryFormat.label(slot))",
                    rows: [
                        KeyValueList.Row("Name", SummaryFormat.name(draft)),
                        KeyValueList.Row("Born on", draft.bornOn.map { TravelFormat.day($0) } ?? "–"),
                        KeyValueList.Row("Gender", draft.gender?.displayName ?? "–"),
                        KeyValueList.Row("Email", draft.email ?? "–"),
                        KeyValueList.Row("Phone", draft.phoneNumber ?? "–"),
                    ] + SummaryFormat.passport(draft))
            },
            total: total.formatted, extras: extras)
    }
}

extension BookingViewModel {
    /// A booking made: the reference, its status (deadlines in `timeZone`), the passengers, seats and bags, the
    /// e-tickets, the itinerary, and where it is kept (`storeLocation`), or why it could not be (`storeProblem`).
    public init(_ order: Order, storeProblem: BookingStoreError?, storeLocation: String, timeZone: TimeZone) {
        var rows = [
            KeyValueList.Row("Booking reference", order.bookingReference),
            KeyValueList.Row("Order", order.id),
        ]
        switch order.status {
        case .awaitingPayment:
            let deadline = order.paymentStatus.paymentRequiredBy.map { " by " + TravelFormat.instant($0, in: timeZone) } ?? ""
            rows.append(KeyValueList.Row("Status", "Held: pay \(order.totalAmount?.formatted ?? "the total")\(deadline)"))
        case .confirmed:
            rows.append(KeyValueList.Row("Status", "Confirmed and paid" + (order.totalAmount.map { ", \($0.formatted)" } ?? "")))
        case .cancelled:
            rows.append(KeyValueList.Row("Status", "Cancelled"))
        }
        rows.append(KeyValueList.Row("Passengers", order.passengers.map(\.fullName).joined(separator: ", ")))
        rows += TravelFormat.bookedServices(order).map { KeyValueList.Row($0.label, $0.value) }
        let tickets = order.eTickets.map(\.uniqueIdentifier)
        if !tickets.isEmpty { rows.append(KeyValueList.Row("E-tickets", tickets.joined(separator: ", "))) }
        var warning: String?
        if let storeProblem {
            warning = "This booking could not be saved on this machine. \(storeProblem.description) "
                + "Keep the booking reference \(order.bookingReference) (order \(order.id)): it is booked."
        } else {
            rows.append(KeyValueList.Row("Kept in", storeLocation))
        }
        let headline = order.status == .awaitingPayment
            ? "Held: booking reference \(order.bookingReference)"
            : "Booked: booking reference \(order.bookingReference)"
        self.init(headline: headline, rows: rows, itinerary: SummaryFormat.itinerary(order.slices), storeWarning: warning)
    }
}

extension SummaryFormat {
    /// The review's lines for seats and bags: each seat with whose it is and its price, each bag service with how
    /// many, and the total with them; empty when none was chosen.
    public static func extrasRows(
        offer: Offer, slots: [PassengerSlot], seats: [SeatChoice], bags: [SelectedService], total: Money
    ) -> [KeyValueList.Row] {
        var rows = seatRows(offer: offer, slots: slots, seats: seats)
        for chosen in bags {
            guard let service = offer.extraBags.first(where: { $0.id == chosen.id }) else { continue }
            let who = service.passengerIds.compactMap { id in slots.first { $0.id == id }.map { "passenger \($0.index + 1)" } }
            let cost = service.totalAmount.multiplied(by: chosen.quantity)
            rows.append(KeyValueList.Row(
                "Bags", "\(TravelFormat.count(chosen.quantity, "extra bag")) for \(who.first ?? "a passenger"), \(cost.formatted)"))
        }
        guard !rows.isEmpty else { return [] }
        return rows + [KeyValueList.Row("Total with extras", total.formatted)]
    }

    /// `Seat 14C for passenger 1 on ZZ117 LHR → JFK, £13.00`, one row per seat chosen.
    public static func seatRows(offer: Offer, slots: [PassengerSlot], seats: [SeatChoice]) -> [KeyValueList.Row] {
        let segments = offer.slices.flatMap(\.segments)
        return seats.map { seat in
            let segment = segments.first { $0.id == seat.segmentId }
            let flight = segment.map { "\($0.flightNumber) \($0.origin.iataCode) → \($0.destination.iataCode)" } ?? "a flight"
            let who = slots.first { $0.id == seat.passengerId }.map { "passenger \($0.index + 1)" } ?? "a passenger"
            return KeyValueList.Row("Seat", "\(seat.designator) for \(who) on \(flight), \(TravelFormat.price(seat.price))")
        }
    }

    /// `This offer expired at … and can no longer be booked.`
    public static func expiredMessage(_ offer: Offer, timeZone: TimeZone) -> String {
        let when = offer.expiresAt.map { " at " + TravelFormat.instant($0, in: timeZone) } ?? ""
        return "This offer expired\(when) and can no longer be booked."
    }
}
