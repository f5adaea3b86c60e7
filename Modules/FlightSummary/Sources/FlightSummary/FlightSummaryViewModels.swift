import Entities
import Foundation
import Services
import TravelText
import Trips

/// The summary's view models, as pure functions of the state and the entities it holds.
extension FlightSummaryState {
    /// `offer` in full, for the passengers it is for, with its expiry as of the clock last read.
    func summary(_ offer: Offer) -> OfferSummaryViewModel {
        SummaryFormat.summary(
            offer, slots: PassengerSlot.slots(for: offer, search: input.search), now: now, timeZone: timeZone)
    }

    /// `This offer expired at … and can no longer be booked.`
    func expiredMessage(_ offer: Offer) -> String {
        SummaryFormat.expiredMessage(offer, timeZone: timeZone)
    }

    /// The passengers as typed (or as given in a file) and the total.
    func review(offer: Offer, passengers: [PassengerDetails]? = nil) -> ReviewViewModel {
        let entries: [(PassengerSlot, PassengerDraft)] = passengers.map { given in
            zip(slots, given).map { slot, details in (slot, PassengerDraft(details)) }
        } ?? Array(zip(slots, drafts))
        return ReviewViewModel(entries: entries, total: offer.totalAmount, extras: extrasRows)
    }

    /// A booking made: the reference, its status, the itinerary and where it is kept (or why it is not).
    func bookingViewModel(_ order: Order, storeProblem: BookingStoreError?) -> BookingViewModel {
        BookingViewModel(order, storeProblem: storeProblem, storeLocation: storeLocation, timeZone: timeZone)
    }
}
