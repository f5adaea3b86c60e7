import Entities
import FixtureServices
import Foundation
import Services
import Testing
import Trips

/// Every call that moves money takes the amount the traveller agreed to; at another amount nothing leaves, and the
/// answer says what it costs now.
@Suite("Another total refused, nothing sent")
struct AgreedAmountTests {
    @Test func aBookingAtAnotherTotalThanItsOwnSendsNothing() async throws {
        let fixture = FixtureTrip()
        let request = try fixture.request(.instant)
        let attempt = await fixture.bookOffer().book(request, agreedTotal: 400)
        #expect(attempt == .priceChanged(agreed: gbp(400), now: gbp(412.5), offer: request.offer))
        // The offer was read by whoever made the request; reading it again here could ask the traveller for ever.
        #expect(fixture.offers.offerReads.isEmpty)
        #expect(fixture.orders.count("createOrder") == 0)
        #expect(fixture.server.orders.isEmpty)
        #expect(fixture.store.saves.isEmpty)
    }

    @Test func anOfferTheAirlineRepricedIsNotBookedAtTheTotalSeen() async throws {
        let fixture = FixtureTrip()
        let offer = try recordedOffer()
        let dearer = offer.repriced(by: 10)
        var trip = fixture.trip
        trip.offers = RepricedOffers(dearer)
        let ada = try #require(try PassengersFile.travellers(from: Data(#"""
            [{"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
              "email": "ada@example.com", "phone_number": "+442080160508"}]
            """#.utf8)).first)
        // A program saw £412.50 in a search; the offer, read again before anything is sent, costs £422.50.
        let request = TravellersBooking(offerID: offer.id, travellers: [ada], agreedTotal: offer.totalAmount.amount)
        let preparation = await BookTravellers(trip).prepare(request, today: day("2026-11-20"))
        #expect(preparation == .priceChanged(agreed: gbp(412.5), now: gbp(422.5), offer: dearer))
        #expect(fixture.orders.count("createOrder") == 0)
        #expect(fixture.store.saves.isEmpty)
    }

    @Test func aHoldIsNotPaidAtAnotherAmount() async throws {
        let fixture = FixtureTrip()
        let held = try await fixture.book(.hold)
        let outcome = await PayHold(fixture.trip).pay(held, amount: gbp(400))
        #expect(outcome == .priceChanged(old: gbp(400), booking: held))
        #expect(fixture.orders.count("payOrder") == 0)
        #expect(fixture.server.orders.first?.paymentStatus.awaitingPayment == true)
    }

    @Test func aHoldTheAirlineRepricedIsNotPaidAtItsOldTotal() async throws {
        let fixture = FixtureTrip()
        let held = try await fixture.book(.hold)
        let record = try #require(held.record)
        let orderID = try #require(held.order?.id)
        fixture.server.reprice(orderID: orderID, to: gbp(433.13))
        let now = await ListBookings(fixture.trip).refresh(record)
        let outcome = await PayHold(fixture.trip).pay(now, amount: gbp(412.5))
        guard case .priceChanged(let old, let booking) = outcome else {
            Issue.record("expected the new price, got \(outcome)")
            return
        }
        #expect(old == gbp(412.5))
        #expect(booking.order?.totalAmount == gbp(433.13))
        #expect(fixture.orders.count("payOrder") == 0)
    }

    @Test func aCancellationIsNotConfirmedAtAnotherRefund() async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let orderID = try #require(booked.order?.id)
        let cancel = CancelBooking(fixture.trip)
        let quote = try await cancel.quote(orderID: orderID).get()
        let refund = quote.refundOrZero
        let outcome = await cancel.confirm(quote, of: booked, agreedRefund: refund.amount + 50)
        #expect(outcome == .refundChanged(refund))
        #expect(fixture.orders.count("confirmCancellation") == 0)
        #expect(fixture.server.orders.first?.cancelledAt == nil)
        #expect(try fixture.store.records().map(\.state) == [.confirmed])
    }

    @Test func aChangeIsNotConfirmedAtAnotherTotal() async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let order = try #require(booked.order)
        let change = try await fixture.pendingChange(of: booked)
        let total = try #require(change.changeTotalAmount)
        let flights = ChangeFlights(fixture.trip)
        let outcome = await flights.confirm(change, orderID: order.id, agreedTotal: total.amount - 5)
        #expect(outcome == .priceChanged(change))
        #expect(fixture.changes.payments.isEmpty)
        #expect(fixture.server.orders.first?.slices == order.slices)
    }

    @Test func bagsAreNotAddedAtAnotherTotal() async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let order = try #require(booked.order)
        let extras = AddExtras(fixture.trip)
        let available = try await extras.availableServices(orderID: order.id).get()
        let quote = try #require(ExtrasQuote(bags: available, order: order, quantity: 1))
        let outcome = await extras.add(quote, to: booked, agreedTotal: quote.total.amount + 1)
        #expect(outcome == .priceChanged(quote.total))
        #expect(fixture.extras.additions.isEmpty)
        #expect(fixture.server.orders.first?.services == order.services)
        #expect(fixture.server.orders.first?.totalAmount == order.totalAmount)
    }
}

extension Offer {
    /// The same offer at another total (and base), as the airline might re-price it.
    func repriced(by amount: Decimal) -> Offer {
        var copy = self
        copy.totalAmount = Money(amount: totalAmount.amount + amount, currency: totalAmount.currency)
        if let base = baseAmount { copy.baseAmount = Money(amount: base.amount + amount, currency: base.currency) }
        return copy
    }
}

/// An offer service whose every read of an offer answers `offer`: the airline's price as it stands now.
final class RepricedOffers: OfferService {
    private let offer: Offer

    init(_ offer: Offer) { self.offer = offer }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        throw .transport("This test reads offers only.")
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        throw .transport("This test reads offers only.")
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        guard id == offer.id else { throw FixtureFile.errorNotFound.error }
        return offer
    }
}
