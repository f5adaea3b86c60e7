import Entities
import Foundation
import Services
import Testing

/// `GET /air/seat_maps?offer_id=`, read through the app's own `DuffelExtrasService`: one map per segment, laid out
/// from the aircraft, the same on every read, with taken, free and priced seats offered to the right passengers.
@Suite("Seat maps")
struct SeatMapTests {
    private static let narrowBodies: Set<String> = ["320", "32N", "321", "32Q", "73H", "7M8"]
    private static let wideBodies: [String: [Int]] = [
        "77W": [3, 4, 3], "77L": [3, 4, 3], "388": [3, 4, 3], "333": [2, 4, 2], "789": [3, 3, 3], "788": [3, 3, 3],
        "359": [3, 3, 3],
    ]

    /// The places across the widest seat row, block by block (`[3, 3]` for a 3-3 cabin).
    private func blocks(_ cabin: SeatMapCabin) -> [Int] {
        cabin.rows.filter { $0.number != nil }.map { $0.sections.map(\.elements.count) }
            .max { $0.reduce(0, +) < $1.reduce(0, +) } ?? []
    }

    private func segments(_ offer: Offer) -> [Segment] { offer.slices.flatMap(\.segments) }

    @Test("one map per segment, in journey order, the same on every read")
    func onePerSegment() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "JFK", returnDaysAhead: 40), returnOffers: true).offers
            let offer = try #require(offers.first { segments($0).count > 2 } ?? offers.first)
            let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
            #expect(maps.map(\.segmentId) == segments(offer).map(\.id))
            #expect(maps.map(\.sliceId) == offer.slices.flatMap { slice in slice.segments.map { _ in slice.id } })
            #expect(Set(maps.map(\.id)).count == maps.count)
            #expect(maps.allSatisfy { $0.id.hasPrefix("sea_") && $0.cabins.count == 1 && !$0.seats.isEmpty })
            #expect(try await harness.client.extrasService.seatMaps(offerID: offer.id) == maps)
        }
    }

    @Test("the layout follows the aircraft: 3-3 with one aisle on a narrow body, 3-4-3, 3-3-3 or 2-4-2 with two on a wide body")
    func layoutByAircraft() async throws {
        try await Harness.run { harness in
            var narrow = 0
            var wide = 0
            for (origin, destination) in [("LHR", "AMS"), ("LHR", "JFK"), ("LHR", "SIN")] {
                let offers = try await harness.offers.createOfferRequest(
                    harness.search(origin, destination), returnOffers: true).offers
                for offer in offers.prefix(6) {
                    let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
                    for (segment, map) in zip(segments(offer), maps) {
                        let code = try #require(segment.aircraft?.iataCode)
                        let cabin = try #require(map.cabins.first)
                        #expect(cabin.cabinClass == .economy)
                        if SeatMapTests.narrowBodies.contains(code) {
                            narrow += 1
                            #expect(cabin.aisles == 1, "\(code)")
                            #expect(blocks(cabin) == [3, 3], "\(code)")
                        } else if let expected = SeatMapTests.wideBodies[code] {
                            wide += 1
                            #expect(cabin.aisles == 2, "\(code)")
                            #expect(blocks(cabin) == expected, "\(code)")
                        }
                    }
                }
            }
            #expect(narrow > 0 && wide > 0, "narrow bodies: \(narrow), wide bodies: \(wide)")
        }
    }

    @Test("most seats free, some taken, the exit and front rows at a price; exits, wings, galleys and lavatories placed")
    func seatsAndFacilities() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            let map = try #require(try await harness.client.extrasService.seatMaps(offerID: offer.id).first)
            let cabin = try #require(map.cabins.first)
            let seats = map.seats
            let taken = seats.filter(\.isTaken)
            let free = seats.filter { $0.availableServices.first?.totalAmount.amount == 0 }
            let priced = seats.filter { ($0.availableServices.first?.totalAmount.amount ?? 0) > 0 }
            #expect(!taken.isEmpty)
            #expect(free.count > taken.count, "free \(free.count), taken \(taken.count)")
            #expect(!priced.isEmpty)
            #expect(seats.flatMap(\.availableServices).allSatisfy { $0.totalAmount.currency == offer.totalAmount.currency })

            let exitRows = cabin.rows.indices.filter { cabin.rows[$0].sections.contains { $0.elements.contains { $0.type == .exitRow } } }
            #expect(!exitRows.isEmpty)
            for index in exitRows {
                let row = cabin.rows[index]
                #expect(row.sections.first?.elements.first?.type == .exitRow)
                #expect(row.sections.last?.elements.last?.type == .exitRow)
                let behind = cabin.rows[index + 1].sections.flatMap(\.elements).filter(\.isSeat)
                #expect(behind.allSatisfy { $0.name == "Exit row seat" && $0.disclosures.contains { $0.contains("children") } })
                #expect(behind.allSatisfy { $0.isTaken || ($0.availableServices.first?.totalAmount.amount ?? 0) > 0 })
            }
            let facilities = { (row: SeatRow?) in Set(row?.sections.flatMap { $0.elements.map(\.type) } ?? []) }
            #expect(facilities(cabin.rows.first).isSuperset(of: [.lavatory, .galley]))
            #expect(facilities(cabin.rows.last) == [.galley])
            let wings = try #require(cabin.wings)
            #expect(0 < wings.firstRowIndex && wings.firstRowIndex <= wings.lastRowIndex && wings.lastRowIndex < cabin.rows.count)
            #expect(cabin.rows[wings.firstRowIndex].number != nil && cabin.rows[wings.lastRowIndex].number != nil)
            #expect(!seats.contains { $0.rowNumber == 13 }, "row 13 is skipped")
        }
    }

    @Test("a seat is offered to each passenger who may take it: never an infant on a lap, an exit row never a child")
    func servicesPerPassenger() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS", passengers: [.adult, .child(age: 8), .infantOnLap]), returnOffers: true).offers.first)
            let ids = offer.passengers.map(\.id)
            let (adult, child, infant) = (ids[0], ids[1], ids[2])
            let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
            let seats = maps.flatMap(\.seats).filter { !$0.isTaken }
            #expect(!seats.isEmpty)
            #expect(!seats.contains { $0.service(for: infant) != nil })
            let exits = seats.filter { $0.name == "Exit row seat" }
            #expect(!exits.isEmpty)
            #expect(exits.allSatisfy { $0.service(for: adult) != nil && $0.service(for: child) == nil })
            #expect(seats.filter { $0.name != "Exit row seat" }.allSatisfy { $0.availableServices.map(\.passengerId) == [adult, child] })
            let serviceIDs = maps.flatMap(\.seats).flatMap { $0.availableServices.map(\.id) }
            #expect(Set(serviceIDs).count == serviceIDs.count)
            #expect(serviceIDs.allSatisfy { $0.hasPrefix("ase_") })
        }
    }

    @Test("a business cabin on a wide body is 1-2-1, every seat included in the fare")
    func businessCabin() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "JFK", cabin: .business, maxConnections: 0), returnOffers: true).offers
            let offer = try #require(offers.first { $0.slices[0].segments[0].aircraft.map { SeatMapTests.wideBodies[$0.iataCode ?? ""] != nil } == true })
            let cabin = try #require(try await harness.client.extrasService.seatMaps(offerID: offer.id).first?.cabins.first)
            #expect(cabin.cabinClass == .business)
            #expect(cabin.aisles == 2)
            #expect(blocks(cabin) == [1, 2, 1])
            #expect(cabin.wings == nil, "the cabin is ahead of the wings")
            #expect(cabin.rows.flatMap { $0.sections.flatMap(\.elements) }.flatMap(\.availableServices).allSatisfy { $0.totalAmount.amount == 0 })
        }
    }

    @Test("an unknown offer is 404; an expired one 404 offer_no_longer_available, as reading the offer is")
    func unknownAndExpired() async throws {
        try await Harness.run { harness in
            let unknown = await apiError { try await harness.client.extrasService.seatMaps(offerID: "off_nothing") }
            #expect(unknown?.status == 404)
            #expect(unknown?.has(.notFound) == true)
            let missing = try await harness.raw(.get, "/air/seat_maps")
            #expect(missing.status == 422)
            #expect(try harness.decodeError(missing).primary?.source?.parameter == "offer_id")

            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            harness.clock.advance(by: 31 * 60)
            let expired = await apiError { try await harness.client.extrasService.seatMaps(offerID: offer.id) }
            let read = await apiError { try await harness.offers.offer(id: offer.id) }
            #expect(expired?.status == 404)
            #expect(expired?.has(.offerNoLongerAvailable) == true)
            #expect(expired?.status == read?.status && expired?.primary?.code == read?.primary?.code)
        }
    }
}
