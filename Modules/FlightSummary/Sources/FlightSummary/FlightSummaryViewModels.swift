import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI

/// One flight of a leg, as the summary lists it.
struct SegmentViewModel: Sendable, Hashable, Codable {
    /// `ZZ117 · Duffel Airways · Boeing 787-9 · 8h 05m`.
    var title: String
    /// Departs, Arrives, Operated by, Stops, Cabin.
    var rows: [KeyValueList.Row]
}

/// One leg: its heading, then its flights with the waits between them.
struct LegViewModel: Sendable, Hashable, Codable {
    /// Something on a leg, in order.
    enum Item: Sendable, Hashable, Codable {
        case segment(SegmentViewModel)
        /// `Change in Dublin (DUB) · 2h 10m`.
        case layover(String)
    }

    /// `Outbound · London (LHR) → New York (JFK)`.
    var title: String
    /// `Fri 18 Dec 2026 · 8h 05m · direct · Basic`.
    var detail: String
    var items: [Item]
}

/// The offer in full.
struct OfferSummaryViewModel: Sendable, Hashable, Codable {
    /// `Duffel Airways · £412.50`.
    var title: String
    var legs: [LegViewModel]
    /// One line per passenger: `Passenger 1 (adult): 1 checked bag, 1 carry-on bag`.
    var bags: [String]
    /// Refund and change rules.
    var conditions: [KeyValueList.Row]
    /// Base, taxes, per passenger type and total.
    var price: [KeyValueList.Row]
    /// When the offer expires, and how it can be paid.
    var terms: [KeyValueList.Row]
}

/// Old and new price of an offer that was re-checked.
struct PriceChangeViewModel: Sendable, Hashable, Codable {
    /// `The price changed from £412.50 to £422.50 (+£10.00).`
    var message: String
    var oldTotal: String
    var newTotal: String
}

/// The passengers as entered, with the total, before the final confirmation.
struct ReviewViewModel: Sendable, Hashable, Codable {
    /// One block per passenger: a heading and its details.
    struct Passenger: Sendable, Hashable, Codable {
        var heading: String
        var rows: [KeyValueList.Row]
    }

    var passengers: [Passenger]
    var total: String
    /// The seats and bags chosen, and the total with them; empty when none.
    var extras: [KeyValueList.Row] = []
}

/// A booking made: the reference, the order, the itinerary and where it is kept.
struct BookingViewModel: Sendable, Hashable, Codable {
    /// `Booked: reference ERDAH6`.
    var headline: String
    var rows: [KeyValueList.Row]
    /// One line per flight.
    var itinerary: [String]
    /// A warning when the booking could not be written locally.
    var storeWarning: String?
}

/// The summary's view models, as pure functions of the state and the entities it holds.
extension FlightSummaryState {
    /// `offer` in full, for the passengers it is for, with its expiry as of the clock last read.
    func summary(_ offer: Offer) -> OfferSummaryViewModel {
        SummaryFormat.summary(
            offer, slots: PassengerSlot.slots(for: offer, search: input.search), now: now, timeZone: timeZone)
    }

    /// `This offer expired at … and can no longer be booked.`
    func expiredMessage(_ offer: Offer) -> String {
        let when = offer.expiresAt.map { " at " + TravelFormat.instant($0, in: timeZone) } ?? ""
        return "This offer expired\(when) and can no longer be booked."
    }

    /// The passengers as typed (or as given in a file) and the total.
    func review(offer: Offer, passengers: [PassengerDetails]? = nil) -> ReviewViewModel {
        let entries: [(PassengerSlot, PassengerDraft)] = passengers.map { given in
            zip(slots, given).map { slot, details in (slot, PassengerDraft(details)) }
        } ?? Array(zip(slots, drafts))
        return ReviewViewModel(
            passengers: entries.map { slot, draft in
                ReviewViewModel.Passenger(
                    heading: "Passenger \(slot.index + 1) · \(SummaryFormat.label(slot))",
                    rows: [
                        KeyValueList.Row("Name", SummaryFormat.name(draft)),
                        KeyValueList.Row("Born on", draft.bornOn.map { TravelFormat.day($0) } ?? "–"),
                        KeyValueList.Row("Gender", draft.gender?.displayName ?? "–"),
                        KeyValueList.Row("Email", draft.email ?? "–"),
                        KeyValueList.Row("Phone", draft.phoneNumber ?? "–"),
                    ] + SummaryFormat.passport(draft))
            },
            total: offer.totalAmount.formatted, extras: extrasRows)
    }

    /// A booking made: the reference, its status, the itinerary and where it is kept (or why it is not).
    func bookingViewModel(_ order: Order, storeProblem: BookingStoreError?) -> BookingViewModel {
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
        return BookingViewModel(
            headline: headline, rows: rows, itinerary: SummaryFormat.itinerary(order.slices), storeWarning: warning)
    }
}

extension PriceChangeViewModel {
    /// The old and the new total of an offer re-checked, and the difference.
    static func between(_ old: Offer, _ new: Offer) -> PriceChangeViewModel {
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
    var blocks: [ScreenBlock] {
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
    var blocks: [ScreenBlock] {
        [.notice(Notice(.warning, message)), .rows(KeyValueList(rows: [.init("Was", oldTotal), .init("Now", newTotal)]))]
    }
}

extension ReviewViewModel {
    /// Each passenger's details, then the seats and bags with the total.
    var blocks: [ScreenBlock] {
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
    var blocks: [ScreenBlock] {
        var blocks: [ScreenBlock] = [.notice(Notice(.success, headline)), .rows(KeyValueList(rows: rows)), .header("Itinerary")]
        blocks += itinerary.map { .text($0, indent: 2) }
        if let storeWarning { blocks.append(.notice(Notice(.warning, storeWarning))) }
        return blocks
    }
}
