import Entities
import Foundation
import Testing

@Suite("Duffel wire format")
struct WireFormatTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try DuffelJSON.encoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a search encodes as Duffel's offer-request body")
    func searchBody() throws {
        let request = SearchRequest(
            slices: [SearchSlice(
                origin: "LHR", destination: "JFK", departureDate: try #require(CalendarDate("2026-12-18")),
                departureTime: TimeWindow(from: try #require(LocalTime("09:45")), to: try #require(LocalTime("17:00"))))],
            passengers: [.adult, .child(age: 8), .infantOnLap],
            cabinClass: .economy, maxConnections: 1)
        let body = try json(request)
        let slice = try #require((body["slices"] as? [[String: Any]])?.first)
        #expect(slice["origin"] as? String == "LHR")
        #expect(slice["departure_date"] as? String == "2026-12-18")
        #expect((slice["departure_time"] as? [String: String]) == ["from": "09:45", "to": "17:00"])
        #expect(slice["arrival_time"] == nil)
        let passengers = try #require(body["passengers"] as? [[String: Any]])
        #expect(passengers[0]["type"] as? String == "adult" && passengers[0]["age"] == nil)
        #expect(passengers[1]["age"] as? Int == 8 && passengers[1]["type"] == nil)
        #expect(passengers[2]["type"] as? String == "infant_without_seat")
        #expect(body["cabin_class"] as? String == "economy")
        #expect(body["max_connections"] as? Int == 1)
        let decoded = try DuffelJSON.decoder().decode(SearchRequest.self, from: try DuffelJSON.encoder().encode(request))
        #expect(decoded == request)
    }

    @Test("a passenger with both a type and an age is refused")
    func passengerTypeAndAge() {
        let body = Data(#"{"type": "adult", "age": 30}"#.utf8)
        #expect(throws: DecodingError.self) { try DuffelJSON.decoder().decode(PassengerSpec.self, from: body) }
    }

    @Test("amounts are exact decimals with the currency's minor units")
    func money() throws {
        let money = try #require(Money("1245.2", currency: "gbp"))
        #expect(money.currency == "GBP")
        #expect(money.wireAmount == "1245.20")
        #expect(money.formatted == "£1,245.20")
        #expect(Money(amount: 1200, currency: "JPY").wireAmount == "1200")
        #expect(Money(amount: Decimal(string: "0.1")! + Decimal(string: "0.2")!, currency: "USD").wireAmount == "0.30")
        #expect(Money("12,30", currency: "EUR") == nil)
        #expect(Money("1e5", currency: "EUR") == nil)
        #expect(Money(amount: -5, currency: "EUR").formatted == "-€5.00")
        #expect(try #require(Money("10.00", currency: "GBP")).adding(Money(amount: 1, currency: "USD")) == nil)
    }

    @Test("timestamps with and without fractional seconds")
    func timestamps() throws {
        let micro = try #require(DuffelJSON.parseTimestamp("2026-11-22T10:42:14.545052Z"))
        let plain = try #require(DuffelJSON.parseTimestamp("2026-11-22T10:42:14Z"))
        #expect(abs(micro.timeIntervalSince(plain) - 0.545052) < 0.001)
        #expect(DuffelJSON.parseTimestamp("2026-11-22T11:42:14+01:00") == plain)
        #expect(DuffelJSON.parseTimestamp("22/11/2026") == nil)
        #expect(DuffelJSON.parseTimestamp(DuffelJSON.formatTimestamp(plain)) == plain)
    }

    @Test("unknown tokens decode instead of failing")
    func openTokens() throws {
        let cabin = try DuffelJSON.decoder().decode([CabinClass].self, from: Data(#"["economy", "sleeper"]"#.utf8))
        #expect(cabin == [.economy, CabinClass(rawValue: "sleeper")])
        #expect(cabin[1].displayName == "Sleeper")
    }

    @Test("the error envelope keeps type, code, message and source")
    func errorEnvelope() throws {
        let body = Data(#"""
        {"meta": {"status": 422, "request_id": "FZW0H3HdJwKk5HMAAKxB"},
         "errors": [{"type": "validation_error", "title": "Invalid phone number", "message": "The phone number is not valid",
                     "code": "invalid_input_data", "documentation_url": "https://duffel.com/docs/api/overview/errors",
                     "source": {"field": "phone_number", "pointer": "/passengers/0/phone_number"}}]}
        """#.utf8)
        let error = try DuffelJSON.decoder().decode(APIError.self, from: body)
        #expect(error.status == 422)
        #expect(error.requestID == "FZW0H3HdJwKk5HMAAKxB")
        #expect(error.has(APIErrorType.validation))
        #expect(error.has(APIErrorCode.invalidInputData))
        #expect(error.primary?.source?.pointer == "/passengers/0/phone_number")
        #expect(error.description == "The phone number is not valid (phone_number)")
    }

    @Test("a page keeps its cursor")
    func pages() throws {
        let body = Data(#"{"data": [{"id": "ord_1"}], "meta": {"limit": 50, "after": "g3QAAAA", "before": null}}"#.utf8)
        struct Item: Codable, Sendable, Equatable { var id: String }
        let page = try DuffelJSON.decoder().decode(Page<Item>.self, from: body)
        #expect(page.items == [Item(id: "ord_1")])
        #expect(page.after == "g3QAAAA")
        #expect(page.limit == 50)
    }
}

@Suite("Timestamps written back")
struct TimestampRoundTripTests {
    @Test("a timestamp read is written back unchanged, to the millisecond", arguments: [
        "2026-11-22T10:42:21.739Z", "2026-11-22T10:42:21.000Z", "1969-12-31T23:59:59.999Z", "2026-12-31T23:59:59.999Z",
        // Before the Gregorian reform of 1582, Foundation alone reads days on the Julian calendar.
        "1010-04-11T15:48:11.642Z", "1582-10-10T00:00:00.000Z", "1582-10-15T00:00:00.000Z", "0001-01-01T00:00:00.000Z",
        "9999-12-31T23:59:59.999Z",
    ])
    func roundTrip(_ text: String) throws {
        let date = try #require(DuffelJSON.parseTimestamp(text))
        #expect(DuffelJSON.formatTimestamp(date) == text)
    }

    @Test("days before 1582 count on the Gregorian calendar, as CalendarDate counts them")
    func prolepticGregorian() throws {
        let date = try #require(DuffelJSON.parseTimestamp("1010-04-11T23:30:00-05:00"))
        let day = try #require(CalendarDate("1010-04-12"))
        #expect(date.timeIntervalSince1970 == Double(day.dayNumber * 86_400 + 4 * 3600 + 30 * 60))
    }

    @Test("an instant four year digits cannot write is refused", arguments: [
        "0000-06-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00",
    ])
    func outsideTheWritableYears(_ text: String) {
        #expect(DuffelJSON.parseTimestamp(text) == nil)
    }
}
