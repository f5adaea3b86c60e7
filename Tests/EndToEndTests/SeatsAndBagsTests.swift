import Entities
import Foundation
import Testing

/// Seats, bags and emissions on the real `flights` binary against its embedded sandbox: the seat maps as text and
/// JSON, seats and bags booked from a passengers file and chosen on a terminal, and the search sorted by CO₂. Seats
/// are picked by reading the offer's seat map first, never assumed free.
@Suite struct SeatsAndBagsTests {
    @Test func seatsPrintsTheSameMapAsTextAndJSONAndAnUnknownOfferExits69() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await SeatsAndBags.directOffer(app)
            let segment = try #require(offer.slices.first?.segments.first)

            let json = try await app.run(["seats", offer.id, "--json"])
            #expect(json.status == 0, "\(json)")
            let maps = try SeatsAndBags.seatMaps(json: json.output)
            #expect(maps.map(\.segmentId) == [segment.id], "\(json)")
            let map = try #require(maps.first)
            let expected = map.seats.compactMap { seat in
                seat.designator.map { SeatsAndBags.DrawnSeat(designator: $0, symbol: SeatsAndBags.symbol(seat)) }
            }
            // A map worth comparing: some seats of each kind.
            for symbol: Character in [".", "$", "x"] {
                #expect(expected.contains { $0.symbol == symbol }, "no seat drawn \(symbol) in the JSON map")
            }

            let text = try await app.run(["seats", offer.id])
            #expect(text.status == 0, "\(text)")
            let header = "── \(segment.flightNumber) · \(segment.origin.iataCode) → \(segment.destination.iataCode) · "
            #expect(text.output.contains(header), "no section header \(header.debugDescription):\n\(text)")
            #expect(text.said.contains(". free $ extra cost x taken"), "no legend:\n\(text)")
            let drawn = SeatsAndBags.grid(in: text.output)
            #expect(drawn.count == expected.count, "\(drawn.count) seats drawn, \(expected.count) in the JSON:\n\(text)")
            // The same seats, each with the same symbol: the taken ones in particular.
            #expect(Dictionary(drawn.map { ($0.designator, $0.symbol) }, uniquingKeysWith: { first, _ in first })
                == Dictionary(expected.map { ($0.designator, $0.symbol) }, uniquingKeysWith: { first, _ in first }))
            #expect(Set(drawn.filter { $0.symbol == "x" }.map(\.designator))
                == Set(map.seats.filter(\.isTaken).compactMap(\.designator)))

            let unknown = "off_0000000000000000000000000000"
            let missing = try await app.run(["seats", unknown])
            #expect(missing.status == 69, "\(missing)")
            #expect(missing.said.contains("No offer has the id \(unknown)"), "\(missing)")
            let missingJSON = try await app.run(["seats", unknown, "--json"])
            #expect(missingJSON.status == 69, "\(missingJSON)")
            #expect(missingJSON.output.isEmpty, "standard output is for the seat maps only:\n\(missingJSON)")
        }
    }

    @Test func aPassengersFileBooksASeatAndABagPaidWithTheFareAndRefusesATakenSeatOrTooManyBags() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await SeatsAndBags.directOffer(app)
            let segment = try #require(offer.slices.first?.segments.first)
            let passenger = try #require(offer.passengers.first?.id)
            let maps = try await app.run(["seats", offer.id, "--json"])
            #expect(maps.status == 0, "\(maps)")
            let map = try #require(try SeatsAndBags.seatMaps(json: maps.output).first, "\(maps)")
            let priced = try #require(map.seats.first { ($0.service(for: passenger)?.totalAmount.amount ?? 0) > 0 },
                                      "no priced free seat on the map")
            let seat = try #require(priced.designator)
            let seatPrice = try #require(priced.service(for: passenger)?.totalAmount.amount)
            let taken = try #require(map.seats.first(where: \.isTaken)?.designator, "no taken seat on the map")
            let bag = try SeatsAndBags.checkedBag(try await SeatsAndBags.offerWithServices(offer.id, app: app))
            let route = "\(segment.origin.iataCode)-\(segment.destination.iataCode)"
            let total = offer.totalAmount.amount + seatPrice + bag.totalAmount.amount

            // Refused before anything is sent: a taken seat, more bags than sold, a total without the extras.
            let takenFile = try app.file("taken.json", contents: SeatsAndBags.passengersFile(
                seats: [segment.flightNumber: taken], bags: 1))
            let takenRun = try await app.run(["book", offer.id, "--passengers", takenFile.path, "--yes"])
            #expect(takenRun.status == 64, "\(takenRun)")
            #expect(takenRun.said.contains("Passenger 1: seat \(taken) on \(segment.flightNumber) is taken."), "\(takenRun)")
            let tooMany = try app.file("bags.json", contents: SeatsAndBags.passengersFile(seats: [:], bags: 9))
            let tooManyRun = try await app.run(["book", offer.id, "--passengers", tooMany.path, "--yes"])
            #expect(tooManyRun.status == 64, "\(tooManyRun)")
            #expect(tooManyRun.said.contains("at most \(bag.maximumQuantity) extra bags on \(route), not 9"), "\(tooManyRun)")
            let good = try app.file("good.json", contents: SeatsAndBags.passengersFile(seats: [route: seat], bags: [route: 1]))
            let fareOnly = try await app.run(
                ["book", offer.id, "--passengers", good.path, "--yes", "--total", "\(offer.totalAmount.amount)"])
            #expect(fareOnly.status == 2, "the fare alone was accepted as the total:\n\(fareOnly)")
            try await BadInputCase.expectNothingBooked(app, "\(takenRun)\n\(tooManyRun)\n\(fareOnly)")

            // The fare and both extras, paid as one.
            let booked = try await app.run(["book", offer.id, "--passengers", good.path, "--yes", "--json", "--total", "\(total)"])
            #expect(booked.status == 0, "\(booked)")
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
            #expect(order.totalAmount?.amount == total, "fare \(offer.totalAmount.amount) + seat \(seatPrice) + bag \(bag.totalAmount.amount):\n\(booked)")
            Self.expectServices(order, seat: seat, seatPrice: seatPrice, segment: segment.id, bag: bag)

            // `flights booking REF --json`: Duffel's order with its services, as the sandbox keeps it.
            let shownJSON = try await app.run(["booking", order.bookingReference, "--json"])
            #expect(shownJSON.status == 0, "\(shownJSON)")
            let raw = try #require(try JSONSerialization.jsonObject(with: Data(shownJSON.output.utf8)) as? [String: Any])
            let services = try #require(raw["services"] as? [[String: Any]], "no services in:\n\(shownJSON)")
            #expect(Set(services.compactMap { $0["type"] as? String }) == ["seat", "baggage"], "\(services)")
            let seatService = services.first { $0["type"] as? String == "seat" }
            #expect((seatService?["metadata"] as? [String: Any])?["designator"] as? String == seat, "\(services)")
            let shownOrder = try DuffelJSON.decoder().decode(Order.self, from: Data(shownJSON.output.utf8))
            #expect(shownOrder.totalAmount?.amount == total)
            Self.expectServices(shownOrder, seat: seat, seatPrice: seatPrice, segment: segment.id, bag: bag)

            let shown = try await app.run(["booking", order.bookingReference])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.said.contains("Seats \(seat) on \(segment.flightNumber) (Ada Lovelace)"), "\(shown)")
            #expect(shown.said.contains("Bags 1 checked bag"), "\(shown)")

            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.map(\.id) == [order.id])
            #expect(orders.first?.totalAmount?.amount == total)
            if let kept = orders.first { Self.expectServices(kept, seat: seat, seatPrice: seatPrice, segment: segment.id, bag: bag) }

            // Once booked the seat is taken: the same file again books nothing more.
            let again = try await app.run(["book", offer.id, "--passengers", good.path, "--yes"])
            #expect(again.status == 64, "\(again)")
            #expect(again.said.contains("Passenger 1: seat \(seat) on \(segment.flightNumber) is taken."), "\(again)")
            let rerun = try await app.run(["book", offer.id, "--passengers", takenFile.path, "--yes"])
            #expect(rerun.status == 64, "\(rerun)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).map(\.id) == [order.id], "a refused run booked")
        }
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the pseudo-terminal session cannot run"))
    func onATerminalSeatsAndABagAreChosenFromTheReviewAndBooked() async throws {
        try await FlightsApp.withFreshData { app in
            let seen = try await TmuxSession.run(app, height: 70) { terminal in
                try await SeatsAndBagsTerminal(terminal: terminal).chooseSeatsAndABagThenBook()
            }
            let reference = seen.reference
            let chosen = seen.seats

            let shown = try await app.run(["booking", reference])
            #expect(shown.status == 0, "\(shown)")
            for seat in chosen {
                #expect(shown.said.contains("\(seat.seat) on \(seat.flight) (Ada Lovelace)"), "\(seat):\n\(shown)")
            }
            #expect(shown.said.contains("Bags 1 checked bag"), "\(shown)")

            // The sandbox's order holds both, at the prices shown, and was paid the total shown.
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.count == 1)
            let order = try #require(orders.first)
            #expect(order.bookingReference == reference)
            let seatServices = order.services.filter { $0.type == .seat }
            #expect(Set(seatServices.compactMap(\.metadata?.designator)) == Set(chosen.map(\.seat)), "\(order.services)")
            for seat in chosen {
                let service = seatServices.first { $0.metadata?.designator == seat.seat }
                #expect(service?.totalAmount?.amount == seat.price, "\(seat): \(String(describing: service))")
            }
            let bags = order.services.filter { $0.type == .baggage }
            #expect(bags.map(\.quantity) == [1], "\(order.services)")
            #expect(bags.first?.totalAmount?.amount == seen.bagPrice)
            let total = seen.fare + chosen.reduce(0) { $0 + $1.price } + seen.bagPrice
            #expect(seen.totalShown == total, "fare \(seen.fare), seats \(chosen), bag \(seen.bagPrice)")
            #expect(order.totalAmount?.amount == total)

            // The seats were free or priced on the offer's own map (read in a data directory where nothing is booked).
            try await FlightsApp.withFreshData { fresh in
                let run = try await fresh.run(["seats", seen.offerID, "--json"])
                #expect(run.status == 0, "\(run)")
                let maps = try SeatsAndBags.seatMaps(json: run.output)
                for seat in chosen {
                    let service = order.services.first { $0.metadata?.designator == seat.seat }
                    let map = maps.first { $0.segmentId == service?.segmentIds.first }
                    let element = map?.seat(seat.seat)
                    #expect(element?.isTaken == false, "\(seat) is taken on the map")
                    #expect(element?.availableServices.first?.totalAmount.amount == seat.price, "\(seat)")
                }
            }
        }
    }

    @Test func sortedByEmissionsTheOffersComeLeastCO2First() async throws {
        try await FlightsApp.withFreshData { app in
            let base = ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO]
            let sorted = try await app.run(base + ["--sort", "emissions", "--json"])
            #expect(sorted.status == 0, "\(sorted)")
            let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(sorted.output.utf8)).offers
            let emissions = offers.map { $0.totalEmissionsKg.flatMap { Decimal(string: $0) } }
            #expect(offers.count >= 2, "\(sorted)")
            #expect(emissions.allSatisfy { $0 != nil }, "an offer without total_emissions_kg: \(emissions)")
            let values = emissions.compactMap { $0 }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "not least CO₂ first: \(values)")
            // Sorting reorders; it does not drop or add offers.
            let plain = try await app.run(base + ["--json"])
            #expect(plain.status == 0, "\(plain)")
            let unsorted = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(plain.output.utf8)).offers
            #expect(unsorted.compactMap { $0.totalEmissionsKg.flatMap { Decimal(string: $0) } }.sorted() == values)

            let table = try await app.run(base + ["--sort", "emissions"])
            #expect(table.status == 0, "\(table)")
            let header = table.output.components(separatedBy: "\n").first { $0.contains("Departs") } ?? ""
            #expect(header.contains("CO₂"), "no CO₂ column:\n\(table)")
            let first = Screen.offerRows(in: table.output).first ?? ""
            #expect(values.first.map { first.contains("\($0) kg") } == true, "the first row is not the least CO₂:\n\(table)")
        }
    }

    /// The order holds the seat (for its passenger, on its flight, at the map's price) and one checked bag at the
    /// price the sandbox sells it.
    static func expectServices(_ order: Order, seat: String, seatPrice: Decimal, segment: String, bag: AvailableService) {
        let seats = order.services.filter { $0.type == .seat }
        #expect(seats.count == 1, "\(order.services)")
        #expect(seats.first?.metadata?.designator == seat, "\(order.services)")
        #expect(seats.first?.segmentIds == [segment], "\(order.services)")
        #expect(seats.first?.totalAmount?.amount == seatPrice, "\(order.services)")
        let bags = order.services.filter { $0.type == .baggage }
        #expect(bags.map(\.quantity) == [1], "\(order.services)")
        #expect(bags.first?.totalAmount?.amount == bag.totalAmount.amount, "\(order.services)")
        #expect(bags.first?.metadata?.baggageType == .checked, "\(order.services)")
    }
}
