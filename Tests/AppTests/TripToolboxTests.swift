import Entities
import FixtureServices
import FlightsMCP
import Foundation
import Services
import Testing
@testable import FlightsApp

/// The tools of `flights mcp` as the App does them, over fixture services: a booking asked for twice is one order,
/// a lost answer is never reported as not booked, and what was paid or cancelled is answered done.
@MainActor
@Suite struct TripToolboxTests {
    let offers = FixtureOfferService()
    let orders = FixtureOrderService()
    let bookings = FixtureBookingStore()
    let offerID = "off_0000Bf7EUcGQ22QJSC5NYu"
    let ada = try? PassengersFile.travellers(from: Data(#"""
        [{"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
          "email": "ada@example.com", "phone_number": "+442080160508"}]
        """#.utf8)).first

    var toolbox: TripToolbox {
        TripToolbox(
            backend: FlowServices(
                places: FixturePlaceService(), offers: offers, orders: orders, extras: FixtureExtrasService(offers: offers),
                changes: FixtureOrderChangeService(orders: orders), airlineChanges: FixtureAirlineChangeService(orders: orders),
                orderExtras: FixtureOrderExtrasService(orders: orders), name: "fixtures", now: fixtureNow,
                timeZone: TimeZone(identifier: "Europe/London") ?? .current),
            bookings: bookings)
    }

    func request(hold: Bool = false, total: Decimal = Decimal(string: "412.50") ?? 0, key: String = "mcp-test") -> BookingRequest {
        BookingRequest(offerID: offerID, travellers: ada.map { [$0] } ?? [], hold: hold, agreedTotal: total, key: key)
    }

    @Test func theSameBookingAskedTwiceIsOneOrderTheSecondFromTheBookingsFile() async throws {
        let first = try await toolbox.book(request())
        #expect(first.alreadyBooked == false)
        let again = try await toolbox.book(request())
        #expect(again.alreadyBooked == true)
        #expect(again.order.bookingReference == first.order.bookingReference)
        #expect(orders.created.count == 1)
        #expect(orders.created.first?.metadata?[OrderCreation.bookingKeyMetadata] == "mcp-test")
    }

    @Test func anotherTotalBooksNothingAndSaysThePriceNow() async throws {
        do {
            _ = try await toolbox.book(request(total: 400))
            Issue.record("booked at another total")
        } catch {
            #expect(error.code == .priceChanged)
            #expect(error.total == Money(amount: Decimal(string: "412.50") ?? 0, currency: "GBP"))
        }
        #expect(orders.created.isEmpty)
    }

    @Test func aLostAnswerThatCannotBeCheckedIsAnswerLostThenFoundByTheSameCall() async throws {
        orders.replyCreates(with: .bookThenFail(.timedOut))
        orders.failReads(with: .transport("The network dropped."))
        do {
            _ = try await toolbox.book(request())
            Issue.record("a lost answer was reported as booked or refused")
        } catch {
            #expect(error.code == .answerLost)
        }
        // Still unreadable: nothing is sent again.
        do {
            _ = try await toolbox.book(request())
            Issue.record("sent again while the bookings could not be read")
        } catch {
            #expect(error.code == .answerLost)
        }
        #expect(orders.created.count == 1)
        orders.failReads(with: nil)
        let found = try await toolbox.book(request())
        #expect(found.alreadyBooked == true)
        #expect(orders.created.count == 1, "found by its key, never sent twice")
        #expect(try bookings.record(key: "mcp-test")?.state == .confirmed)
    }

    @Test func aPaymentWhoseAnswerWasLostIsAnsweredPaid() async throws {
        let held = try await toolbox.book(request(hold: true, key: "mcp-hold"))
        #expect(held.order.paymentStatus.awaitingPayment)
        orders.losePaymentAnswers(.timedOut)
        let paid = try await toolbox.pay(reference: held.order.bookingReference, agreedTotal: Decimal(string: "412.50") ?? 0)
        #expect(paid.paymentStatus.awaitingPayment == false)
        #expect(orders.payments.count == 1)
    }

    @Test func aCancellationWhoseAnswerWasLostIsAnsweredCancelledAndAnotherRefundCancelsNothing() async throws {
        let booked = try await toolbox.book(request())
        let reference = booked.order.bookingReference
        let quote = try await toolbox.quoteCancellation(reference: reference)
        let refund = quote.refundAmount?.amount ?? 0
        do {
            _ = try await toolbox.cancel(reference: reference, agreedRefund: refund + 1)
            Issue.record("cancelled at another refund")
        } catch {
            #expect(error.code == .refundChanged)
        }
        #expect(orders.orders.first?.cancelledAt == nil)
        orders.loseConfirmationAnswers(.timedOut)
        let done = try await toolbox.cancel(reference: reference, agreedRefund: refund)
        #expect(done.confirmedAt != nil)
        #expect(orders.orders.first?.cancelledAt != nil)
    }
}
