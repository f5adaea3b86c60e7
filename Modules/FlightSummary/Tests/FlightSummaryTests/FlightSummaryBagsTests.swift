import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary
import TravelText

/// Bags asked once per passenger for every flight, flight by flight only when the traveller says they differ; the
/// question fits its line; the review and the booking say which flights each bag is on.
@MainActor
@Suite("FlightSummary bags on every flight")
struct FlightSummaryBagsTests {
    private typealias Reducer = FlightSummaryReducer

    /// The recorded round trip (LHR → JFK via KEF, and back), with an extra 23 kg checked bag for sale to each of the
    /// passengers at `withBags` on each flight (at most 2; £20.00 out, £25.00 back), listed flight by flight.
    /// With `onlyFirst`, the offer is for its first adult alone.
    private func roundTripWithBags(withBags: [Int] = [0, 1], onlyFirst: Bool = false) throws -> Offer {
        var offer = try #require(try FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data.offers.first)
        if onlyFirst {
            let first = offer.passengers[0].id
            offer.passengers = [offer.passengers[0]]
            for slice in offer.slices.indices {
                for segment in offer.slices[slice].segments.indices {
                    offer.slices[slice].segments[segment].passengers.removeAll { $0.passengerId != first }
                }
            }
        }
        offer.availableServices = offer.slices.enumerated().flatMap { flight, slice in
            withBags.map { passenger in
                AvailableService(
                    id: "ase_bag_\(flight)_\(passenger)", type: .baggage, maximumQuantity: 2,
                    passengerIds: [offer.passengers[passenger].id], segmentIds: slice.segments.map(\.id),
                    totalAmount: Money(amount: flight == 0 ? 20 : 25, currency: "GBP"),
                    metadata: ServiceMetadata(baggageType: .checked, maximumWeightKg: 23))
            }
        }
        return offer
    }

    /// The family round trip (two adults and a child of 8) at the review; the child is sold no bags.
    private func familyAtReview() throws -> FlightSummaryState {
        let offer = try roundTripWithBags()
        var state = FlightSummaryState(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: roundTripSearch), storeLocation: "memory",
            timeZone: utc, now: searchTime)
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: roundTripSearch)
        state.drafts = state.slots.map { _ in PassengerDraft() }
        state.step = .review
        _ = Reducer.reduce(&state, .chose(try #require(state.reviewOptions.firstIndex(of: .bags))))
        return state
    }

    @Test("a family round trip: one question per passenger sold bags, flight by flight only after n")
    func oncePerPassenger() throws {
        var state = try familyAtReview()
        #expect(state.bagGroups.count == 2, "the child is sold no bags, so is not asked")
        #expect(state.step == .bag(group: 0, flight: nil))
        #expect(Reducer.question(state)?.helped(by: []) == .line(
            "Passenger 1 (Adult) · LHR → JFK and JFK → LHR: checked bag up to 23 kg, £20.00 to £25.00 each per flight "
                + "(0 included). Answer n to choose flight by flight.\nHow many on every flight (0–2), or n? ",
            default: "0"))
        #expect(Reducer.reduce(&state, .entered("3")) == [.note(.error(
            "At most 2 bags of this kind can be added on every flight.",
            suggestion: "Give a number from 0 to 2, or n to choose flight by flight."))])
        _ = Reducer.reduce(&state, .entered("1"))
        #expect(state.step == .bag(group: 1, flight: nil))
        _ = Reducer.reduce(&state, .entered("n"))
        #expect(state.step == .bag(group: 1, flight: 0))
        #expect(Reducer.question(state)?.helped(by: []) == .line(
            "Passenger 2 (Adult) · LHR → JFK: checked bag up to 23 kg, £20.00 each (0 included).\nHow many to add (0–2)? ",
            default: "0"))
        _ = Reducer.reduce(&state, .entered("0"))
        #expect(state.step == .bag(group: 1, flight: 1))
        let review = Reducer.reduce(&state, .entered("2"))
        #expect(state.step == .review)
        #expect(review.first == .print(state.review(offer: try #require(state.offer)).blocks))

        // The services in the offer's order, as if every flight had been answered one by one.
        let services = [
            SelectedService(id: "ase_bag_0_0", quantity: 1), SelectedService(id: "ase_bag_1_0", quantity: 1),
            SelectedService(id: "ase_bag_1_1", quantity: 2),
        ]
        #expect(state.extras.bags == services)
        var byFlight = try familyAtReview()
        for answer in ["n", "1", "1", "n", "0", "2"] { _ = Reducer.reduce(&byFlight, .entered(answer)) }
        #expect(byFlight.step == .review)
        #expect(byFlight.extras == state.extras)

        #expect(state.extrasRows == [
            KeyValueList.Row("Bags", "1 checked bag for passenger 1 on LHR → JFK and JFK → LHR, £45.00"),
            KeyValueList.Row("Bags", "2 checked bags for passenger 2 on JFK → LHR, £50.00"),
            KeyValueList.Row("Total with extras", "£1,496.61"),
        ])
        // What the booking sends and pays (``FlightSummaryReducer/book`` takes both from here).
        #expect(state.extras.services == services)
        #expect(state.totalToPay == Money(amount: 1496.61, currency: "GBP"))
    }

    @Test("Esc goes back flight by flight, to the question for every flight, the passenger before, then the review")
    func back() throws {
        var state = try familyAtReview()
        for answer in ["n", "1", "2", "n", "0"] { _ = Reducer.reduce(&state, .entered(answer)) }
        #expect(state.step == .bag(group: 1, flight: 1))
        var steps: [FlightSummaryStep] = []
        for _ in 0..<4 {
            _ = Reducer.reduce(&state, .back)
            steps.append(state.step)
        }
        #expect(steps == [.bag(group: 1, flight: 0), .bag(group: 1, flight: nil), .bag(group: 0, flight: nil), .review])
        // The flights differ for passenger 1: Enter chooses flight by flight again, offering what was chosen.
        state.step = .bag(group: 0, flight: nil)
        #expect(Reducer.question(state)?.kind == .line(default: "n"))
        _ = Reducer.reduce(&state, .entered(""))
        #expect(state.step == .bag(group: 0, flight: 0))
        #expect(Reducer.question(state)?.kind == .line(default: "1"))
    }

    @Test("booked: the Bags line says which flights each bag is on")
    func bookedBagsLine() throws {
        var order = try FixtureFile.order.decode(DataEnvelope<Order>.self).data
        var back = order.slices[0]
        back.id = "sli_back"
        (back.origin, back.destination) = (back.destination, back.origin)
        back.segments[0].id = "seg_back"
        (back.segments[0].origin, back.segments[0].destination) = (back.segments[0].destination, back.segments[0].origin)
        order.slices.append(back)
        order.services = order.slices.map { slice in
            BookedService(
                id: "ser_\(slice.id)", type: .baggage, quantity: 1, passengerIds: [order.passengers[0].id],
                segmentIds: slice.segments.map(\.id), totalAmount: Money(amount: 20, currency: "GBP"),
                metadata: ServiceMetadata(baggageType: .checked, maximumWeightKg: 23))
        }
        let state = FlightSummaryState(
            input: FlightSummaryInput(offerID: "off_1"), storeLocation: "memory", timeZone: utc, now: searchTime)
        let rows = state.bookingViewModel(order, storeProblem: nil).rows
        #expect(rows.first { $0.key == "Bags" }?.value
            == "1 checked bag up to 23 kg for Imogen Fairweather on LHR → JFK and JFK → LHR")
    }

    @Test("on a terminal the bag questions fit their line with the answer, at 60, 80 and 120 columns",
          arguments: [60, 80, 120])
    func questionFitsItsLine(columns: Int) async throws {
        let offer = try roundTripWithBags(withBags: [0], onlyFirst: true)
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let screen = FlightSummaryBuilder(
            offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
            backend: "fixtures", now: { searchTime }, timeZone: utc, makeBookingKey: { "key-1" },
            extras: OfferWithBags(offer: offer)
        ).build(input: FlightSummaryInput(offerID: offer.id, offer: offer), router: SpyRouter(), terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        terminal.enter("")
        for answer in imogenAnswers { terminal.enter(answer) }
        try await terminal.waitForOutput(containing: "What next?")
        let bagsLine = terminal.screen.last(where: { $0.contains("Add bags") })
        let option = try #require(bagsLine).filter(\.isWholeNumber)
        terminal.type(option)
        terminal.press(.enter)

        try await terminal.waitForOutput(containing: "How many on every flight (0–2), or n? ")
        terminal.enter("n")
        try await terminal.waitForOutput(containing: "How many to add (0–2)? ")
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "JFK → LHR: checked bag")
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "Change bags (2 extra bags)")
        let lines = terminal.screen
        #expect(lines.contains("How many on every flight (0–2), or n? [0] n"), "\(lines.joined(separator: "\n"))")
        #expect(lines.filter { $0 == "How many to add (0–2)? [0] 1" }.count == 2, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0 == "› n" || $0 == "› 1" }, "an answer on a line of its own:\n\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= columns })
        let words = terminal.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Bags 1 checked bag for passenger 1 on LHR → JFK and JFK → LHR, £45.00"), "\(words)")
        running.cancel()
        _ = await running.value
    }
}

/// Extras that read `offer` with its bags, and no seat maps.
private struct OfferWithBags: ExtrasService {
    let offer: Offer
    func seatMaps(offerID: String) async throws(ServiceError) -> [SeatMap] { [] }
    func offerWithServices(id: String) async throws(ServiceError) -> Offer { offer }
}
