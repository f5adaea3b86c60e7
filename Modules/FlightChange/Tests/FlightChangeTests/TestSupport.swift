import Entities
import Foundation
import ModuleCore
import Services
@testable import Trips
import Synchronization
@testable import FlightChange

/// Thursday 26 November 2026, noon UTC: the clock of every test.
let noon = Date(timeIntervalSince1970: 1_795_694_400)
let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
let today = CalendarDate(noon, in: utc)

/// A calendar date from a literal; a typo fails the test that uses it rather than crashing.
func day(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(dayNumber: 0)
}

func gbp(_ amount: Decimal) -> Money { Money(amount: amount, currency: "GBP") }

let heathrow = Airport(iataCode: "LHR", name: "Heathrow", cityName: "London", iataCountryCode: "GB", timeZone: "Europe/London")
let kennedy = Airport(iataCode: "JFK", name: "John F Kennedy", cityName: "New York", iataCountryCode: "US", timeZone: "America/New_York")
let carrier = Carrier(iataCode: "ZZ", name: "Duffel Airways")

/// A flight from `from` to `to` on `date`, leaving at `time`, eight hours long.
func slice(_ id: String, _ from: Airport, _ to: Airport, _ date: String, _ time: String = "09:05", number: String = "117") -> Slice {
    let departing = LocalDateTime("\(date)T\(time):00") ?? LocalDateTime(noon, in: utc)
    let arriving = LocalDateTime("\(date)T17:00:00") ?? departing
    return Slice(
        id: id, origin: Place(from), destination: Place(to), duration: nil, fareBrandName: "Standard",
        segments: [Segment(
            id: "seg_\(id)", origin: from, destination: to, departingAt: departing, arrivingAt: arriving, duration: nil,
            marketingCarrier: carrier, marketingCarrierFlightNumber: number, operatingCarrier: carrier,
            passengers: [SegmentPassenger(passengerId: "pas_1", cabinClass: .economy, baggages: [])])])
}

/// A paid round trip, LHR to JFK on 18 December and back on the 26th, whose fare allows changes (or not).
func roundTrip(changes: Condition? = Condition(allowed: true, penalty: gbp(40))) -> Order {
    Order(
        id: "ord_1", bookingReference: "RZPVXC", type: .instant, totalAmount: gbp(612), baseAmount: nil, taxAmount: nil,
        owner: carrier, passengers: [], slices: [
            slice("sli_out", heathrow, kennedy, "2026-12-18"), slice("sli_back", kennedy, heathrow, "2026-12-26", "19:30"),
        ],
        conditions: Conditions(changeBeforeDeparture: changes), availableActions: nil,
        paymentStatus: PaymentStatus(awaitingPayment: false), documents: [], cancelledAt: nil, createdAt: noon)
}

/// A change offer moving the return to `date`, for `total` (the fee included).
func changeOffer(_ id: String, to date: String, total: Decimal, penalty: Decimal = 40) -> OrderChangeOffer {
    OrderChangeOffer(
        id: id, changeTotalAmount: gbp(total), newTotalAmount: gbp(612 + total), penaltyTotalAmount: gbp(penalty),
        expiresAt: noon.addingTimeInterval(1_800), refundTo: "original_form_of_payment",
        slices: OrderChangeSlices(
            add: [slice("sli_new_\(id)", kennedy, heathrow, date, "18:10", number: "118")],
            remove: [slice("sli_back", kennedy, heathrow, "2026-12-26", "19:30")]),
        createdAt: noon, updatedAt: noon)
}

/// The change made from `offer`, confirmed or not.
func makeChange(from offer: OrderChangeOffer, total: Money? = nil, confirmedAt: Date? = nil) -> OrderChange {
    OrderChange(
        id: "oce_1", orderId: "ord_1", changeTotalAmount: total ?? offer.changeTotalAmount,
        newTotalAmount: offer.newTotalAmount, penaltyTotalAmount: offer.penaltyTotalAmount, expiresAt: offer.expiresAt,
        confirmedAt: confirmedAt, refundTo: offer.refundTo, slices: offer.slices, createdAt: noon, updatedAt: noon)
}

/// An order change service that answers as it is told, and counts what it was asked.
final class ScriptedChanges: OrderChangeService, OrderService, @unchecked Sendable {
    struct Script {
        var offers: [OrderChangeOffer] = []
        /// What reading an offer again gives (by default, the offer as listed).
        var reread: [String: OrderChangeOffer] = [:]
        /// The confirmation's answer: nil confirms.
        var confirmFailure: ServiceError?
        /// Whether reading the change after a failed confirmation finds it confirmed.
        var confirmedWhenRead = false
        var order: Order = roundTrip()
    }

    private let script: Mutex<Script>
    let requests = Mutex<[OrderChangeRequestCreation]>([])
    let confirmations = Mutex<[(id: String, payment: Payment?)]>([])

    init(_ script: Script) { self.script = Mutex(script) }

    func createOrderChangeRequest(_ request: OrderChangeRequestCreation) async throws(ServiceError) -> OrderChangeRequest {
        requests.withLock { $0.append(request) }
        return OrderChangeRequest(
            id: "ocr_1", orderId: request.orderId, slices: request.slices,
            orderChangeOffers: script.withLock { $0.offers }, createdAt: noon, updatedAt: noon)
    }

    func orderChangeOffers(requestID: String) async throws(ServiceError) -> [OrderChangeOffer] {
        script.withLock { $0.offers }
    }

    func orderChangeOffer(id: String) async throws(ServiceError) -> OrderChangeOffer {
        let found = script.withLock { script in script.reread[id] ?? script.offers.first { $0.id == id } }
        guard let found else { throw .api(APIError(status: 404, errors: []), rateLimit: nil) }
        return found
    }

    func createOrderChange(offerID: String) async throws(ServiceError) -> OrderChange {
        makeChange(from: try await orderChangeOffer(id: offerID))
    }

    func confirmOrderChange(id: String, payment: Payment?) async throws(ServiceError) -> OrderChange {
        confirmations.withLock { $0.append((id, payment)) }
        if let failure = script.withLock({ $0.confirmFailure }) { throw failure }
        let offer = script.withLock { $0.offers[0] }
        return makeChange(from: offer, confirmedAt: noon)
    }

    func orderChange(id: String) async throws(ServiceError) -> OrderChange {
        let (offer, confirmed) = script.withLock { ($0.offers[0], $0.confirmedWhenRead) }
        return makeChange(from: offer, confirmedAt: confirmed ? noon : nil)
    }

    func order(id: String) async throws(ServiceError) -> Order { script.withLock { $0.order } }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order { throw .transport("not used") }
    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        let order = script.withLock { $0.order }
        return Page(items: query.bookingReference.map { $0 == order.bookingReference } ?? true ? [order] : [])
    }
    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation { throw .transport("not used") }
    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation { throw .transport("not used") }
    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment { throw .transport("not used") }
}

/// A router that remembers how the screen was left.
@MainActor
final class SpyFlightChangeRouter: FlightChangeRouter {
    var left: [FlightChangeRoute] = []
    func changeDidGoBack() { left.append(.back) }
    func changeDidFinish(_ outcome: FlightChangeOutcome) { left.append(.finished(outcome)) }
}
