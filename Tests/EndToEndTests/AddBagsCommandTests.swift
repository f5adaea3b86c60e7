import Entities
import Foundation
import Testing

/// `flights add-bags REF` and `flights seats REF --seat …` on the real binary against its embedded sandbox: the
/// airline's price first; nothing added without `--yes` or at another `--total` (exit 2); a paid booking pays at
/// once; a held booking adds a bag and a seat to what the hold costs (no payment sent), then `flights pay` pays the
/// new total. The sandbox's own orders are checked.
@Suite struct AddBagsCommandTests {
    /// Books next month's first LHR → JFK one-way offer for one adult (one the airline holds, when `hold`).
    static func book(_ app: FlightsApp, hold: Bool) async throws -> Order {
        let search = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--json"])
        #expect(search.status == 0, "\(search)")
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers
        let offer = try #require(offers.first { !hold || $0.canBeHeld }, "no offer the airline holds: \(search)")
        let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
        let booked = try await app.run(
            ["book", offer.id, "--passengers", passengers.path, "--yes", "--json"] + (hold ? ["--hold"] : []))
        #expect(booked.status == 0, "\(booked)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
    }

    /// The checked bags an order holds, as services.
    static func bags(_ order: Order) -> Int {
        order.services.filter { $0.type == .baggage }.reduce(0) { $0 + $1.quantity }
    }

    /// The bags' total as the run printed it (`Total  £22.00, paid now`).
    static func quotedTotal(_ run: Run) throws -> String {
        let line = try #require(run.output.components(separatedBy: "\n").first { $0.contains("Total") && $0.contains(", ") && ($0.contains("paid now") || $0.contains("added to the hold")) }, "\(run)")
        return try #require(Screen.firstMatch(#"[£$€]([0-9,]+\.[0-9]{2})"#, in: line), "\(line)").replacingOccurrences(of: ",", with: "")
    }

    @Test func aBagIsAddedToAPaidBookingAndPaidOnceAtTheAgreedTotal() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, hold: false)
            let reference = order.bookingReference

            let asked = try await app.run(["add-bags", reference])
            #expect(asked.status == 2, "\(asked)")
            #expect(asked.said.contains("run the command again with --yes"), "\(asked)")
            let total = try Self.quotedTotal(asked)
            let other = try await app.run(["add-bags", reference, "--yes", "--total", "1.00"])
            #expect(other.status == 2, "\(other)")
            #expect(other.said.contains("Nothing was added"), "\(other)")
            #expect(Self.bags(try await ChangeCommandTests.booking(app, reference)) == Self.bags(order))

            let added = try await app.run(["add-bags", reference, "--yes", "--total", total, "--json"])
            #expect(added.status == 0, "\(added)")
            let after = try DuffelJSON.decoder().decode(Order.self, from: Data(added.output.utf8))
            #expect(Self.bags(after) == Self.bags(order) + 1, "\(after.services)")
            let paid = try #require(order.totalAmount?.amount)
            #expect(after.totalAmount?.amount == paid + (Decimal(string: total) ?? 0))
            let stored = try #require(try await SandboxOrders.all(in: app.sandboxDirectory).first)
            #expect(Self.bags(stored) == Self.bags(after))

            let shown = try await app.run(["booking", reference])
            #expect(shown.output.contains("1 checked bag"), "\(shown)")
        }
    }

    @Test func aHeldBookingGetsASeatAndABagWithoutPaymentThenIsPaidAtItsNewTotal() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, hold: true)
            let reference = order.bookingReference
            #expect(order.status == .awaitingPayment)
            let heldTotal = try #require(order.totalAmount)

            let added = try await app.run(["add-bags", reference, "--yes", "--json"])
            #expect(added.status == 0, "\(added)")
            #expect(added.said.contains("the hold now costs"), "\(added)")
            let withBag = try DuffelJSON.decoder().decode(Order.self, from: Data(added.output.utf8))
            #expect(withBag.paymentStatus.awaitingPayment, "the bags paid the hold")
            #expect(Self.bags(withBag) == Self.bags(order) + 1)

            // The booking's seat maps, then a seat that is free for its passenger, priced.
            let segment = try #require(order.slices.first?.segments.first)
            let maps = try await app.run(["seats", reference, "--json"])
            #expect(maps.status == 0, "\(maps)")
            let map = try #require(try SeatsAndBags.seatMaps(json: maps.output).first { $0.segmentId == segment.id }, "\(maps)")
            let passenger = try #require(order.passengers.first?.id)
            let seat = try #require(map.seats.first { !$0.isTaken && ($0.service(for: passenger)?.totalAmount.amount ?? 0) > 0 }, "no priced free seat")
            let designator = try #require(seat.designator)
            let price = try #require(seat.service(for: passenger)?.totalAmount)
            let wrong = try await app.run(["seats", reference, "--seat", "\(segment.flightNumber)=\(designator)", "--yes", "--total", "0.01"])
            #expect(wrong.status == 2, "\(wrong)")
            let seated = try await app.run([
                "seats", reference, "--seat", "\(segment.flightNumber)=\(designator)", "--yes", "--total", price.wireAmount, "--json",
            ])
            #expect(seated.status == 0, "\(seated)")
            let withSeat = try DuffelJSON.decoder().decode(Order.self, from: Data(seated.output.utf8))
            #expect(withSeat.services.filter { $0.type == .seat }.count == 1, "\(withSeat.services)")
            let shown = try await app.run(["booking", reference])
            #expect(shown.output.contains("\(designator) on \(segment.flightNumber)"), "\(shown)")
            #expect(withSeat.paymentStatus.awaitingPayment)
            let grown = try #require(withSeat.totalAmount)
            #expect(grown.amount == (withBag.totalAmount?.amount ?? 0) + price.amount)
            #expect(grown.amount > heldTotal.amount)
            // Taken now: asked again, it is refused before anything is sent.
            let again = try await app.run(["seats", reference, "--seat", "\(segment.flightNumber)=\(designator)", "--yes"])
            #expect(again.status == 1, "\(again)")
            #expect(again.said.contains("is taken"), "\(again)")

            // The old total pays nothing; the new one pays the hold, its bag and its seat.
            let old = try await app.run(["pay", reference, "--yes", "--total", heldTotal.wireAmount])
            #expect(old.status == 2, "\(old)")
            let paid = try await app.run(["pay", reference, "--yes", "--total", grown.wireAmount, "--json"])
            #expect(paid.status == 0, "\(paid)")
            let confirmed = try DuffelJSON.decoder().decode(Order.self, from: Data(paid.output.utf8))
            #expect(confirmed.status == .confirmed)
            #expect(Self.bags(confirmed) == Self.bags(order) + 1)
            #expect(confirmed.services.contains { $0.type == .seat })
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.paymentStatus.awaitingPayment == false)
        }
    }

    @Test func badInputIsRefusedAndAnUnknownBookingExits1() async throws {
        try await FlightsApp.withFreshData { app in
            let many = try await app.run(["add-bags", "ABC123", "--bags", "9"])
            #expect(many.status == 64, "\(many)")
            let unknown = try await app.run(["add-bags", "ZZZZZZ", "--yes"])
            #expect(unknown.status == 1, "\(unknown)")
            let notHere = try await app.run(["seats", "ZZZZZZ"])
            #expect(notHere.status == 1, "\(notHere)")
            let badSeat = try await app.run(["seats", "ABC123", "--seat", "14C"])
            #expect(badSeat.status == 64, "\(badSeat)")
            let offerWithSeat = try await app.run(["seats", "off_0000000000000000000000000000", "--seat", "ZZ1=1A"])
            #expect(offerWithSeat.status == 64, "\(offerWithSeat)")
        }
    }
}
