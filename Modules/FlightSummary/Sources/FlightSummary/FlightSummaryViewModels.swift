import Entities
import Foundation
import Services
import TerminalUI

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

extension PassengerDraft {
    /// The draft a passenger's complete details make, to show them as typed.
    init(_ details: PassengerDetails) {
        self.init(
            title: details.title, givenName: details.givenName, familyName: details.familyName,
            bornOn: details.bornOn, gender: details.gender, email: details.email, phoneNumber: details.phoneNumber,
            passportNumber: details.identityDocuments?.first?.uniqueIdentifier,
            passportCountry: details.identityDocuments?.first?.issuingCountryCode,
            passportExpiry: details.identityDocuments?.first?.expiresOn)
    }
}
