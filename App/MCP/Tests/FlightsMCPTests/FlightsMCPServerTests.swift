import Entities
import Foundation
import MCP
import Testing

@testable import FlightsMCP

/// The server over the protocol's own client, in memory: what it lists, what it refuses as invalid params (and never
/// passes to the toolbox), how a tool's failure comes back, and the cancellation's two steps.
@Suite struct FlightsMCPServerTests {
    /// The protocol error a call gets, or `nil` when it got an answer.
    private func refusal(_ client: Client, _ name: String, _ arguments: [String: Value]) async -> MCPError? {
        do {
            _ = try await call(client, name, arguments)
            return nil
        } catch {
            return error as? MCPError
        }
    }

    @Test func everyToolIsListedWithItsSchemaAndHints() async throws {
        let (client, server) = try await connect(FakeToolbox())
        defer { Task { await server.stop() } }
        let tools = try await client.listTools().tools
        #expect(Set(tools.map(\.name)) == Set(ToolName.allCases.map(\.rawValue)))
        let book = try #require(tools.first { $0.name == "book" })
        #expect(book.annotations.destructiveHint == true)
        #expect(book.annotations.readOnlyHint == false)
        let required = book.inputSchema.objectValue?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(required) == ["offer_id", "passengers", "confirm_total"])
        let search = try #require(tools.first { $0.name == "search_flights" })
        #expect(search.annotations.readOnlyHint == true)
        #expect(search.inputSchema.objectValue?["additionalProperties"] == .bool(false))
    }

    @Test func anUnknownBookingAsAResourceIsNotFoundAndAnAddressNotOfTheLibraryIsInvalidParams() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        func refusal(_ uri: String) async -> MCPError? {
            do {
                _ = try await client.readResource(uri: uri)
                return nil
            } catch {
                return error as? MCPError
            }
        }
        // A reference of the right shape that no booking has: the specification's "resource not found".
        let missing = await refusal("flights://bookings/NOPE99")
        #expect(missing?.code == -32002)
        #expect(missing?.errorDescription?.contains("no booking NOPE99") == true)
        // Not a booking reference's shape, or not the library's address: invalid params, never asked of the toolbox.
        for uri in ["flights://bookings/NO-PE", "flights://bookings/" + String(repeating: "A", count: 21), "flights://elsewhere"] {
            #expect(await refusal(uri)?.code == -32602, "\(uri)")
        }
        #expect(toolbox.calls.withLock { $0 } == ["booking NOPE99"])
    }

    @Test func argumentsThatBreakTheSchemaAreInvalidParamsAndNeverReachTheToolbox() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let bad: [(String, [String: Value])] = [
            ("no_such_tool", [:]),
            ("find_places", [:]),
            ("find_places", ["query": .int(3)]),
            ("find_places", ["query": .string(String(repeating: "x", count: 101))]),
            ("find_places", ["query": "lon", "extra": "x"]),
            ("search_flights", ["origin": "LHR", "destination": "JFK", "departure_date": "+7", "limit": 0]),
            ("search_flights", ["origin": "LHR", "destination": "JFK", "departure_date": "+7", "limit": "ten"]),
            ("search_flights", ["origin": "LHR", "destination": "JFK"]),
            ("search_flights", ["origin": "LHR", "destination": "JFK", "departure_date": "+7",
                                "slices": [["origin": "LHR", "destination": "JFK", "departure_date": "+7"]]]),
            ("search_flights", ["origin": "LHR", "destination": "JFK", "departure_date": "+7",
                                "passengers": [["type": "child"]]]),
            ("search_flights", ["origin": "LHR", "destination": "JFK", "departure_date": "+7",
                                "passengers": [["type": "infant_without_seat"]]]),
            ("book", ["offer_id": "off_1", "passengers": []]),
            ("pay", ["reference": "ABC123", "confirm_total": "twelve"]),
            ("cancel", ["reference": "ABC123", "token": "ore_1"]),
        ]
        for (name, arguments) in bad {
            let error = await refusal(client, name, arguments)
            #expect(error?.code == -32602, "\(name) \(arguments)")
        }
        #expect(toolbox.calls.withLock { $0 }.isEmpty)
        // The server goes on serving.
        let answer = try await call(client, "find_places", ["query": "lon"])
        #expect(answer.isError == false)
    }

    @Test func aSearchIsReadAsTheCommandTakesIt() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        _ = try await call(client, "search_flights", [
            "origin": "london", "destination": "JFK", "departure_date": "2026-12-18", "return_date": "+7",
            "passengers": [["type": "adult"], ["age": 9], ["type": "infant_without_seat", "age": 1]],
            "cabin_class": "business", "max_connections": 0, "sort": "duration", "limit": 5,
        ])
        let search = try #require(toolbox.searches.withLock { $0.first })
        #expect(search.legs == [TripSearch.Leg(origin: "london", destination: "JFK", date: "2026-12-18")])
        #expect(search.returnDate == "+7")
        #expect(search.adults == 1)
        #expect(search.childAges == [9])
        #expect(search.infants == 1)
        #expect(search.cabin == "business")
        #expect(search.maxConnections == 0)
        #expect(search.sort == "duration")
        #expect(search.limit == 5)
    }

    @Test func aToolsFailureIsAToolErrorWithItsCodeAndTheSameJSONAsText() async throws {
        let toolbox = FakeToolbox(failure: ToolFailure(.serviceError, "The flight service answered 500.", whatToDo: "Try again."))
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let answer = try await call(client, "find_places", ["query": "lon"])
        #expect(answer.isError == true)
        let error = answer.structuredContent?.objectValue?["error"]?.objectValue
        #expect(error?["code"] == "service_error")
        #expect(error?["what_to_do"] == "Try again.")
        guard case .text(let text, _, _)? = answer.content.first else {
            Issue.record("no text content")
            return
        }
        let decoded = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        #expect(decoded == answer.structuredContent)
    }

    @Test func aBookingCarriesTheAgreedTotalAndTheSameKeyForTheSameArguments() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let ada: Value = [
            "title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
            "email": "ada@example.com", "phone_number": "+442080160508", "bags": 1,
        ]
        let first = try await call(client, "book", ["offer_id": "off_1", "passengers": [ada], "confirm_total": "412.50"])
        _ = try await call(client, "book", ["offer_id": "off_1", "passengers": [ada], "confirm_total": 412.5])
        _ = try await call(client, "book", ["offer_id": "off_1", "passengers": [ada], "confirm_total": "412.50", "hold": true])
        let requests = toolbox.bookingRequests.withLock { $0 }
        #expect(requests.count == 3)
        #expect(requests[0].agreedTotal == Decimal(string: "412.50"))
        #expect(requests[0].travellers.first?.bags == ["*": 1])
        #expect(requests[0].key == requests[1].key, "the same booking asked again, the total written otherwise")
        #expect(requests[0].key != requests[2].key, "a hold is another booking")
        #expect(first.isError == true)
        #expect(first.structuredContent?.objectValue?["error"]?.objectValue?["total"]
            == ["amount": "412.50", "currency": "GBP"])
    }

    @Test func cancellingTakesAQuoteFirstAndOnlyItsToken() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let unquoted = try await call(client, "cancel", ["reference": "abc123", "token": "ore_1", "confirm_refund": "90"])
        #expect(unquoted.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "invalid_token")
        let quote = try await call(client, "cancel", ["reference": "abc123"])
        #expect(quote.structuredContent?.objectValue?["token"] == "ore_1")
        #expect(quote.structuredContent?.objectValue?["refund"] == ["amount": "90.00", "currency": "GBP"])
        let otherBooking = try await call(client, "cancel", ["reference": "XYZ999", "token": "ore_1", "confirm_refund": "90"])
        #expect(otherBooking.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "invalid_token")
        let done = try await call(client, "cancel", ["reference": "ABC123", "token": "ore_1", "confirm_refund": "90.00"])
        #expect(done.structuredContent?.objectValue?["status"] == "cancelled")
        #expect(toolbox.calls.withLock { $0 } == ["quote ABC123", "cancel ABC123 90"])
    }

    @Test func aChangeIsQuotedThenConfirmedWithItsTokenOnceMoneyBackIncluded() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let quote = try await call(client, "change_booking", ["reference": "abc123", "flights": [["flight": 2, "date": "+3"]]])
        let token = try #require(quote.structuredContent?.objectValue?["token"]?.stringValue)
        let confirm: [String: Value] = ["reference": "ABC123", "token": .string(token)]
        var wrong = confirm
        wrong["confirm_total"] = "12.40"
        let refused = try await call(client, "change_booking", wrong)
        #expect(refused.structuredContent?.objectValue?["error"]?.objectValue?["total"] == ["amount": "-12.40", "currency": "GBP"])
        var right = confirm
        right["confirm_total"] = "-12.40"
        let changed = try await call(client, "change_booking", right)
        #expect(changed.structuredContent?.objectValue?["status"] == "changed")
        let repeated = try await call(client, "change_booking", right)
        #expect(repeated.structuredContent?.objectValue?["repeated"] == true)
        #expect(toolbox.calls.withLock { $0 } == [
            "quote change ABC123 [\"1=+3\"]", "change ABC123 12.4 [\"1=+3\"]", "change ABC123 -12.4 [\"1=+3\"]",
        ], "a refused confirmation may be sent again; a made one is answered again without acting")
        for bad: [String: Value] in [
            ["reference": "ABC123", "flights": [["flight": 1, "date": "+1"], ["flight": 1, "date": "+2"]]],
            ["reference": "ABC123", "flights": [["flight": 1, "date": "+1"]], "confirm_total": "1.00"],
            ["reference": "ABC123", "token": .string(token)],
            ["reference": "ABC123", "token": .string(token), "confirm_total": "1", "flights": [["flight": 1, "date": "+1"]]],
        ] {
            #expect(await refusal(client, "change_booking", bad)?.code == -32602, "\(bad)")
        }
        let otherToken = try await call(client, "change_booking", ["reference": "ABC123", "token": "oco_9", "confirm_total": "1"])
        #expect(otherToken.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "invalid_token")
    }

    @Test func theQuoteListsEveryOfferAndAnotherThanTheCheapestIsConfirmedByItsIDAtItsOwnTotal() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let quote = try await call(client, "change_booking", ["reference": "ABC123", "flights": [["flight": 1, "date": "+3"]]])
        let fields = try #require(quote.structuredContent?.objectValue)
        let offers = fields["offers"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(offers.compactMap { $0["change_offer_id"]?.stringValue } == ["oco_1", "oco_2"])
        #expect(offers.last?["change_total"] == ["amount": "30.00", "currency": "GBP"])
        let token = try #require(fields["token"]?.stringValue)
        // An offer the quote did not list is refused before anything is sent.
        let unlisted = try await call(client, "change_booking", [
            "reference": "ABC123", "token": .string(token), "confirm_total": "30", "change_offer_id": "oco_9",
        ])
        #expect(unlisted.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "invalid_token")
        // The guard holds for the chosen offer: the cheapest's total does not confirm it.
        let cheapestTotal = try await call(client, "change_booking", [
            "reference": "ABC123", "token": .string(token), "confirm_total": "-12.40", "change_offer_id": "oco_2",
        ])
        #expect(cheapestTotal.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "price_changed")
        let changed = try await call(client, "change_booking", [
            "reference": "ABC123", "token": .string(token), "confirm_total": "30.00", "change_offer_id": "oco_2",
        ])
        #expect(changed.structuredContent?.objectValue?["status"] == "changed")
        #expect(toolbox.calls.withLock { $0 } == [
            "quote change ABC123 [\"0=+3\"]", "change ABC123 -12.4 [\"0=+3\"] oco_2", "change ABC123 30 [\"0=+3\"] oco_2",
        ])
        // A chosen offer without its token is invalid params.
        #expect(await refusal(client, "change_booking", ["reference": "ABC123", "change_offer_id": "oco_2"])?.code == -32602)
    }
}
