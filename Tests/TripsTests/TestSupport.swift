import Entities
import FixtureServices
import Foundation
import Services
import Synchronization
import Trips

/// A calendar date from a literal; a typo fails the test that uses it rather than crashing.
func day(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(dayNumber: 0)
}

func gbp(_ amount: Decimal) -> Money { Money(amount: amount, currency: "GBP") }

/// What a test expected and did not get; thrown, so the test stops there with the answer it had.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The recorded `GET /air/offers/{id}` answer: ZZ117 LHR→JFK, one adult, £412.50, may be held.
func recordedOffer() throws -> Offer {
    try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
}

/// The recorded offer's one adult.
let imogen = PassengerDetails(
    id: "pas_0000BdlnJxvVWHajsjWoDW", title: .ms, gender: .female, givenName: "Imogen", familyName: "Fairweather",
    bornOn: day("1990-04-12"), email: "imogen.fairweather@example.com", phoneNumber: "+442079460123")

/// Booking keys `key-1`, `key-2`, … so tests can tell bookings apart.
final class KeyMaker: Sendable {
    private let count = Mutex(0)
    func make() -> String {
        count.withLock { value in
            value += 1
            return "key-\(value)"
        }
    }
}

/// An order service that counts every call by name before passing it on: "sent exactly once" and "nothing sent"
/// are read here, whatever the service underneath keeps.
final class CountingOrders: OrderService {
    private let base: any OrderService
    private let calls = Mutex<[String]>([])

    init(_ base: any OrderService) { self.base = base }

    /// How many times `call` (`createOrder`, `payOrder`, `confirmCancellation`, …) was made.
    func count(_ call: String) -> Int { calls.withLock { $0.filter { $0 == call }.count } }

    private func note(_ call: String) { calls.withLock { $0.append(call) } }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        note("createOrder")
        return try await base.createOrder(order)
    }

    func order(id: String) async throws(ServiceError) -> Order {
        note("order")
        return try await base.order(id: id)
    }

    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        note("orders")
        return try await base.orders(query)
    }

    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        note("quoteCancellation")
        return try await base.quoteCancellation(orderID: orderID)
    }

    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        note("confirmCancellation")
        return try await base.confirmCancellation(id: id)
    }

    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        note("payOrder")
        return try await base.payOrder(payment)
    }
}

/// The trip's services over the fixture services, with no network and no waits between look-ups.
struct FixtureTrip {
    let offers = FixtureOfferService()
    /// The orders as the server keeps them (scripted failures, lost answers).
    let server = FixtureOrderService()
    /// The same orders as the core calls them, counted.
    let orders: CountingOrders
    let changes: FixtureOrderChangeService
    let extras: FixtureOrderExtrasService
    /// The bookings file, unless a test gave another.
    let store = FixtureBookingStore()
    let trip: TripServices
    private let keys = KeyMaker()

    /// `bookings` in place of the in-memory store; `answering` wraps the server (an API that answers oddly).
    init(
        bookings: (any BookingStore)? = nil,
        answering: (FixtureOrderService) -> any OrderService = { $0 }
    ) {
        orders = CountingOrders(answering(server))
        changes = FixtureOrderChangeService(orders: server)
        extras = FixtureOrderExtrasService(orders: server)
        trip = TripServices(
            offers: offers, orders: orders, orderExtras: extras, changes: changes, bookings: bookings ?? store,
            backend: "fixtures", lookupDelays: [.zero])
    }

    /// A use case that books with this trip's keys.
    func bookOffer() -> BookOffer {
        let keys = keys
        return BookOffer(trip, makeBookingKey: { keys.make() })
    }

    /// The recorded offer for Imogen, paid now or held.
    func request(_ type: OrderType) throws -> OfferBooking {
        let offer = try recordedOffer()
        return OfferBooking(
            offer: offer, passengers: [imogen], slots: PassengerSlot.slots(for: offer, search: nil), type: type)
    }

    /// The recorded offer booked (or held) through the core: the booking as kept here and at the server.
    func book(_ type: OrderType = .instant) async throws -> Booking {
        let booking = bookOffer()
        let attempt = await booking.book(try request(type))
        guard case .booked(let order, recovered: false, storeProblem: nil) = attempt else {
            throw Unexpected("expected a booking, got \(attempt)")
        }
        guard let key = booking.bookingKey else { throw Unexpected("no booking key after \(attempt)") }
        return Booking(record: try trip.bookings.record(key: key), order: order)
    }
}

extension FixtureTrip {
    /// A pending change of `booking`'s first flight to the next day, made from the dearer of the airline's two change
    /// offers (so a payment goes with its confirmation), ready to confirm.
    func pendingChange(of booking: Booking) async throws -> OrderChange {
        guard let order = booking.order, let moved = OrderChangeRequestCreation(firstFlightOf: order, laterBy: 1) else {
            throw Unexpected("the booking has no flight to move")
        }
        let flights = ChangeFlights(trip)
        let offers = try await flights.search(moved).get()
        guard let dearer = offers.last, dearer.changeTotalAmount.amount > 0 else {
            throw Unexpected("expected a change offer that costs something, got \(offers)")
        }
        guard case .ready(_, let change) = await flights.recheck(dearer.id) else {
            throw Unexpected("the change offer \(dearer.id) could not be made into a change")
        }
        return change
    }
}

extension OrderChangeRequestCreation {
    /// A request to fly `order`'s first flight `days` later, in economy; `nil` when the order has no flight.
    init?(firstFlightOf order: Order, laterBy days: Int) {
        guard let slice = order.slices.first, let departure = slice.segments.first?.departingAt.date else { return nil }
        self.init(orderId: order.id, slices: OrderChangeRequestSlices(
            add: [OrderChangeSliceToAdd(
                origin: slice.origin.iataCode, destination: slice.destination.iataCode,
                departureDate: departure.adding(days: days), cabinClass: .economy)],
            remove: [OrderChangeSliceToRemove(sliceId: slice.id)]))
    }
}
