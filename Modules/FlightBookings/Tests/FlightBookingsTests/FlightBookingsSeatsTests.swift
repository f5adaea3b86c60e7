import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// Seats added after booking: named by a script and checked on the booked offer's seat maps, or chosen on the App's
/// seats screen (`s`); priced, confirmed and added once, as the bags are.
@MainActor
@Suite("Seats added after booking")
struct FlightBookingsSeatsTests {
    /// A paid booking, its services, and a seat on its first flight free for its passenger (sold as a service the
    /// order can add), from the booked offer's recorded seat map.
    private func booked() async throws -> (Booked, FixtureOrderExtrasService, FixtureExtrasService, Segment, SeatElement, AvailableSeatService) {
        let booked = try await Booked()
        // The recorded offer's seat map, on the booked order's first flight.
        let segment = try #require(booked.order.slices.first?.segments.first)
        var map = try #require(try await FixtureExtrasService().seatMaps(offerID: booked.record.offerID).first)
        map.segmentId = segment.id
        let maps = FixtureExtrasService()
        maps.answerSeatMaps(with: [map])
        let passenger = try #require(booked.order.passengers.first)
        let seat = try #require(map.seats.first { !$0.isTaken && $0.service(for: passenger.id) != nil })
        let service = try #require(seat.service(for: passenger.id))
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        extras.setAvailableServices([AvailableService(
            id: service.id, type: .seat, passengerIds: [passenger.id], segmentIds: [segment.id], totalAmount: service.totalAmount,
            metadata: ServiceMetadata(designator: seat.designator))],
            for: booked.order.id)
        return (booked, extras, maps, segment, seat, service)
    }

    private func harness(_ input: FlightBookingsInput, _ booked: Booked, _ extras: FixtureOrderExtrasService, _ maps: FixtureExtrasService) -> Harness {
        Harness(input, orders: booked.orders, store: booked.store, extras: extras, seatMaps: maps)
    }

    @Test func sOpensTheSeatsScreenAndItsSeatsArePricedThenAddedOnYes() async throws {
        let (booked, extras, maps, segment, seat, service) = try await booked()
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, extras, maps)
        await h.appear()
        #expect(h.state.detailChoices.contains("s to choose seats, "))

        await h.answer("s")
        #expect(h.router.seatsAsked == [booked.record.offerID])
        #expect(h.text.contains("No seats chosen: the booking is as it was."))
        #expect(h.state.step == .detail)

        let passenger = try #require(booked.order.passengers.first?.id)
        h.router.seatsToChoose = [SeatChoice(
            segmentId: segment.id, passengerId: passenger, designator: seat.designator ?? "", serviceId: service.id,
            price: service.totalAmount)]
        await h.answer("s")
        guard case .confirmExtras(let quote) = h.state.step else {
            Issue.record("the seats were not asked: \(h.state.step)")
            return
        }
        #expect(quote.kind == .seats)
        #expect(extras.additions.isEmpty)
        await h.answer("y")
        #expect(extras.additions.count == 1)
        #expect(h.state.step == .detail)
    }

    @Test func seatsPricedInTwoCurrenciesAreNotPaidAsOneTotal() async throws {
        let (booked, extras, maps, segment, _, _) = try await booked()
        let passenger = try #require(booked.order.passengers.first?.id)
        let seats = [
            SeatChoice(segmentId: segment.id, passengerId: passenger, designator: "1A", serviceId: "ase_1", price: Money(amount: 5, currency: "GBP")),
            SeatChoice(segmentId: segment.id, passengerId: passenger, designator: "1B", serviceId: "ase_2", price: Money(amount: 5, currency: "USD")),
        ]
        #expect(ExtrasQuote(seats: seats, order: booked.order) == nil)
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, extras, maps)
        await h.appear()
        h.router.seatsToChoose = seats
        await h.answer("s")
        #expect(h.text.contains("The seats are priced in more than one currency"))
        #expect(h.state.step == .detail)
        #expect(extras.additions.isEmpty)
    }

    @Test func aBookingNotMadeHereOffersNoSeats() async throws {
        let (booked, extras, maps, _, _, _) = try await booked()
        let store = FixtureBookingStore(records: [])
        let h = Harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6")), orders: booked.orders, store: store, extras: extras,
            seatMaps: maps)
        await h.appear()
        #expect(h.state.current?.record == nil)
        #expect(h.state.current?.order != nil)
        #expect(!h.state.detailChoices.contains("s to choose seats"))
        #expect(h.state.detailChoices.contains("x to add bags"))
    }
}

/// A seat's service: what a passenger pays for it.
typealias AvailableSeatService = SeatService
