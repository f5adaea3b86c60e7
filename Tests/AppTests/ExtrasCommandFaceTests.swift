import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights add-bags REF` and `flights seats REF --seat …` as faces over the core's `AddExtras`, on the fixture
/// services: the recorded booking ERDAH6.
@MainActor
@Suite("flights add-bags and flights seats REF: faces over the core")
struct ExtrasCommandFaceTests {
    private func add(
        _ bench: CommandBench, _ wanted: ExtrasRun.Wanted = .bags(perPassenger: 1), yes: Bool = true, total: Decimal? = nil
    ) async -> FlowOutcome {
        let agreement = Agreement(assumeYes: yes, amount: total, json: bench.forPrograms)
        return await ExtrasRun(reference: "ERDAH6", wanted: wanted, agreement: agreement).run(in: bench.context)
    }

    // MARK: Bags

    @Test("a held booking adds them to what the hold costs, with no payment sent, and says how to pay it")
    func heldBags() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked(.hold)
        #expect(await add(bench) == .done)
        #expect(bench.orderExtras.additions.count == 1)
        #expect(bench.orderExtras.additions.first?.addition.payment == nil)
        let grown = try #require(bench.orders.orders.first?.totalAmount)
        #expect(grown.amount > 412.5)
        #expect(bench.said.contains("the hold now costs \(grown.formatted), paid with it before its deadline (`flights pay ERDAH6`)"))
        #expect(bench.orders.orders.first?.paymentStatus.awaitingPayment == true)
    }

    @Test("--json: the booking's order after them alone on standard output")
    func bagsAsJSON() async throws {
        let bench = CommandBench()
        try await bench.booked()
        #expect(await add(bench) == .done)
        let order = try DuffelJSON.decoder().decode(Order.self, from: Data(bench.terminal.output.utf8))
        #expect(order.services.contains { $0.type == .baggage })
        #expect(bench.orderExtras.additions.first?.addition.payment != nil)
    }

    @Test("a lost answer is checked by reading the order, never by adding twice")
    func lostBags() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        bench.orderExtras.loseAdditionAnswers(.timedOut)
        #expect(await add(bench) == .done)
        #expect(bench.orderExtras.additions.count == 1)
        #expect(bench.said.contains("(the answer was lost; the booking, read again, holds them)"))
    }

    @Test("another total, or no --yes off a terminal, adds nothing, exit 2")
    func notAgreed() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        #expect(await add(bench, total: 0.01) == .declined)
        #expect(bench.said.contains("Nothing was added: the bags cost"))
        #expect(await add(bench, yes: false) == .declined)
        #expect(bench.said.contains("Nothing added. This is not a terminal that can answer"))
        #expect(bench.orderExtras.additions.isEmpty)
    }

    @Test("bags sold for only some passengers are added by a script only at their total")
    func someBags() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await bench.booked()
        let passenger = try #require(order.passengers.first?.id)
        let segments = order.slices.flatMap(\.segments).map(\.id)
        let price = Money(amount: 30, currency: "GBP")
        bench.orderExtras.setAvailableServices([
            AvailableService(id: "ase_two", type: .baggage, maximumQuantity: 2, passengerIds: [passenger], segmentIds: segments, totalAmount: price),
            AvailableService(id: "ase_one", type: .baggage, maximumQuantity: 1, passengerIds: ["pas_other"], segmentIds: segments, totalAmount: price),
        ], for: order.id)
        #expect(await add(bench, .bags(perPassenger: 2)) == .declined)
        #expect(bench.said.contains("Nothing added: the airline sells these for only some passengers and flights"))
        #expect(bench.orderExtras.additions.isEmpty)
        #expect(await add(bench, .bags(perPassenger: 2), total: 60) == .done)
        #expect(bench.orderExtras.additions.map(\.addition.addServices) == [[SelectedService(id: "ase_two", quantity: 2)]])
    }

    @Test("no bags sold: said, exit 1")
    func noBags() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await bench.booked()
        bench.orderExtras.setAvailableServices([], for: order.id)
        let outcome = await add(bench)
        #expect(outcome == .noResults && outcome.exitCode == 1)
        #expect(bench.said.contains("The airline sells no more checked bags for booking ERDAH6."))
    }

    // MARK: Seats

    /// A seat on the booking's first flight free for its passenger, sold as a service the order can add, on the
    /// booked offer's recorded seat map, moved onto the booking's flight.
    private func seatForSale(_ bench: CommandBench) async throws -> (Segment, SeatElement, SeatService) {
        let order = try await bench.booked()
        let segment = try #require(order.slices.first?.segments.first)
        var map = try #require(try await FixtureExtrasService().seatMaps(offerID: "off_0000Bf7EUcGQ22QJSC5NYu").first)
        map.segmentId = segment.id
        bench.extras.answerSeatMaps(with: [map])
        let passenger = try #require(order.passengers.first)
        let seat = try #require(map.seats.first { !$0.isTaken && $0.service(for: passenger.id) != nil })
        let service = try #require(seat.service(for: passenger.id))
        bench.orderExtras.setAvailableServices([AvailableService(
            id: service.id, type: .seat, passengerIds: [passenger.id], segmentIds: [segment.id], totalAmount: service.totalAmount,
            metadata: ServiceMetadata(designator: seat.designator))],
            for: order.id)
        return (segment, seat, service)
    }

    @Test("a seat named is checked on the booked offer's map, priced, and added once at the total agreed")
    func seatAdded() async throws {
        let bench = CommandBench(forPrograms: false)
        let (segment, seat, service) = try await seatForSale(bench)
        let designator = try #require(seat.designator)
        #expect(await add(bench, .seats([[segment.flightNumber: designator]]), total: service.totalAmount.amount) == .done)
        #expect(bench.extras.seatMapReads == ["off_0000Bf7EUcGQ22QJSC5NYu"])
        #expect(bench.orderExtras.additions.map(\.addition.addServices) == [[SelectedService(id: service.id)]])
        #expect(bench.said.contains("seat \(designator)"))
        #expect(bench.said.contains("✓ Seats added to booking ERDAH6"))
        #expect(bench.orders.orders.first?.services.contains { $0.type == .seat } == true)
    }

    @Test("a seat that is not there, or a passenger who is not, is told and nothing is added, exit 1")
    func seatNotThere() async throws {
        let bench = CommandBench(forPrograms: false)
        let (segment, _, _) = try await seatForSale(bench)
        #expect(await add(bench, .seats([[segment.flightNumber: "99Z"], ["NOPE1": "1A"]])) == .noResults)
        #expect(bench.said.contains("Passenger 1: there is no seat 99Z on \(segment.flightNumber)."))
        #expect(bench.said.contains("Passenger 2: there is no such passenger (one passenger here)."))
        #expect(bench.orderExtras.additions.isEmpty)
    }

    @Test("a seat whose answer was lost is checked by the seat the order holds, never added twice")
    func lostSeat() async throws {
        let bench = CommandBench(forPrograms: false)
        let (segment, seat, _) = try await seatForSale(bench)
        bench.orderExtras.loseAdditionAnswers(.timedOut)
        #expect(await add(bench, .seats([[segment.flightNumber: seat.designator ?? ""]])) == .done)
        #expect(bench.orderExtras.additions.count == 1)
        #expect(bench.said.contains("(the answer was lost; the booking, read again, holds them)"))
    }
}
