import DuffelServices
import Entities
import Foundation
import Services
import Testing
import Trips

/// The story `headless-trip` tells, asserted step by step: the trip's core over Flights' Duffel client, against
/// Flights' sandbox started in this process, the bookings in a file of the test's own.
@Suite("Booking without a screen: the trip's core against Flights' sandbox, in process")
struct HeadlessTripTests {
    @Test("places, a search, the cheapest offer booked at its total, listed confirmed, then cancelled")
    func booksListsAndCancels() async throws {
        try await withTrip { trip, duffel, sent in
            let from = try await duffel.placeService.suggestions(for: "lhr")
            let to = try await duffel.placeService.suggestions(for: "JFK")
            #expect(from.contains { $0.iataCode == "LHR" })
            #expect(to.contains { $0.iataCode == "JFK" })

            let (search, offer) = try await cheapestOffer(duffel)
            let attempt = await BookOffer(trip).book(
                try booking(offer, search: search), agreedTotal: offer.totalAmount.amount)
            guard case .booked(let order, recovered: false, storeProblem: nil) = attempt else {
                Issue.record("Not booked: \(attempt)")
                return
            }
            let reference = order.bookingReference
            #expect(!reference.isEmpty)
            #expect(order.totalAmount == offer.totalAmount)
            #expect(order.passengers.map(\.familyName) == [Traveller.familyName])
            #expect(sent.changes == ["order"])

            guard case .success(let list) = await ListBookings(trip).list() else {
                Issue.record("The bookings file could not be read")
                return
            }
            let record = try #require(list.records.first { $0.bookingReference == reference })
            #expect(list.records.count == 1)
            #expect(record.state == .confirmed)
            #expect(record.orderID == order.id)
            #expect(record.total == offer.totalAmount)

            guard case .found(let booking) = await ListBookings(trip).booking(reference: reference) else {
                Issue.record("\(reference) was not found again")
                return
            }
            #expect(booking.cancellationBlocker == nil)
            guard case .success(let quote) = await CancelBooking(trip).quote(orderID: order.id) else {
                Issue.record("No cancellation quote for \(order.id)")
                return
            }
            #expect(sent.changes == ["order"])  // a quote cancels nothing
            let outcome = await CancelBooking(trip).confirm(quote, of: booking, agreedRefund: quote.refundOrZero.amount)
            guard case .cancelled(let done, recovered: false) = outcome else {
                Issue.record("Not cancelled: \(outcome)")
                return
            }
            #expect(sent.changes == ["order", "cancellation"])
            #expect(done.booking.order?.cancelledAt != nil)
            #expect(done.booking.record?.state == .cancelled)
            // What the sandbox and the bookings file say afterwards, read afresh.
            #expect(try await duffel.orderService.order(id: order.id).cancelledAt != nil)
            #expect(try trip.bookings.record(reference: reference)?.state == .cancelled)
        }
    }

    @Test("at another total than the offer's, nothing is sent: the price changed, no order, no record")
    func anotherTotalSendsNothing() async throws {
        try await withTrip { trip, duffel, sent in
            let (search, offer) = try await cheapestOffer(duffel)
            let other = offer.totalAmount.amount + 1
            let attempt = await BookOffer(trip).book(try booking(offer, search: search), agreedTotal: other)
            guard case .priceChanged(let agreed, let now, _) = attempt else {
                Issue.record("Not refused for its price: \(attempt)")
                return
            }
            #expect(agreed == Money(amount: other, currency: offer.totalAmount.currency))
            #expect(now == offer.totalAmount)
            #expect(sent.changes.isEmpty)
            #expect(try await duffel.orderService.orders(OrderQuery()).items.isEmpty)
            #expect(try trip.bookings.records().isEmpty)
        }
    }

    /// One adult LHR → JFK a month ahead, and the cheapest offer.
    private func cheapestOffer(_ duffel: DuffelClient) async throws -> (SearchRequest, Offer) {
        let today = CalendarDate(Date(), in: TimeZone(identifier: "UTC") ?? .current)
        let day = CalendarDate(dayNumber: today.dayNumber + 30)
        let search = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day)], passengers: [.adult])
        let found = try await duffel.offerService.search(search)
        let offer = try #require(found.offers.min { $0.totalAmount.amount < $1.totalAmount.amount })
        return (search, offer)
    }

    /// `offer` for the one adult, paid now.
    private func booking(_ offer: Offer, search: SearchRequest) throws -> OfferBooking {
        let slots = PassengerSlot.slots(for: offer, search: search)
        let slot = try #require(slots.first)
        #expect(slots.count == 1)
        return OfferBooking(offer: offer, passengers: [Traveller.details(id: slot.id)], slots: slots, type: .instant)
    }
}
