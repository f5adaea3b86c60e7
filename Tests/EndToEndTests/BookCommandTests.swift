import Entities
import Foundation
import Testing

/// `flights book <offer-id> --passengers <file>`: booking without prompts, for scripts.
@Suite struct BookCommandTests {
    /// The id of the cheapest LHR → JFK offer next month, from `flights search --json`.
    static func offerID(_ app: FlightsApp, from origin: String = "LHR", to destination: String = "JFK") async throws -> String {
        let run = try await app.run(["search", origin, destination, "--depart", TravelData.nextMonthISO, "--json", "--limit", "1"])
        #expect(run.status == 0, "\(run)")
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(run.output.utf8)).offers
        return try #require(offers.first?.id, "no offer in:\n\(run)")
    }

    @Test func withYesAndJSONItBooksWithoutPrompts() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let run = try await app.run(["book", offer, "--passengers", passengers.path, "--yes", "--json"])
            #expect(run.status == 0, "\(run)")
            // Standard output is the order, in Duffel's JSON, and nothing else.
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run)")
            #expect((object["id"] as? String)?.hasPrefix("ord_") == true)
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(run.output.utf8))
            #expect(order.bookingReference.count == 6)
            #expect(order.passengers.map(\.fullName) == ["Ada Lovelace"])
            #expect(order.cancelledAt == nil)

            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.map(\.id) == [order.id])
            let list = try await app.run(["bookings"])
            #expect(list.output.contains(order.bookingReference), "\(list)")
        }
    }

    @Test func withoutYesItShowsTheTotalExitsTwoAndBooksNothing() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let run = try await app.run(["book", offer, "--passengers", passengers.path])
            #expect(run.status == 2, "\(run)")
            #expect((run.output + run.errors).contains("--yes"), "\(run)")
            #expect((run.output + run.errors).contains("Total"), "\(run)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty)
        }
    }

    struct BadField: Sendable, CustomTestStringConvertible {
        let field: String
        /// `nil` leaves the field out.
        let value: String?
        var testDescription: String { "\(field) = \(value.map { "\"\($0)\"" } ?? "missing")" }
    }

    static let badFields: [BadField] = [
        BadField(field: "email", value: "ada-at-example"),
        BadField(field: "phone_number", value: "020 8016 0508"),
        BadField(field: "born_on", value: "2999-01-01"),
        BadField(field: "title", value: "sir"),
        BadField(field: "gender", value: "x"),
        BadField(field: "given_name", value: nil),
    ]

    @Test(arguments: badFields)
    func aBadFieldInThePassengersFileExits64NamingIt(_ bad: BadField) async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile([bad.field: bad.value]))

            let run = try await app.run(["book", offer, "--passengers", passengers.path, "--yes", "--json"])
            #expect(run.status == 64, "\(run)")
            #expect(run.errors.contains(bad.field), "the message does not name \(bad.field):\n\(run)")
            // With --json, standard output stays clean for the script: no order, no prose.
            #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(run)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty)
        }
    }
}
