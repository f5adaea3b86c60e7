import Entities
import FixtureServices
import Foundation
import Services
import Synchronization
import Testing
import Trips

/// What a typed search means (`SearchFlights.request(for:today:)`): the places looked up at once and matched, the
/// dates read, the booking rules judged on the whole query, every problem at once. The screens, the commands and
/// the tools all ask this one question.
@Suite("What a typed search means")
struct SearchMeaningTests {
    /// 2026-11-22 in London, the day the recorded searches were made.
    static let today = day("2026-11-22")

    private func search(
        _ query: TripQuery, places: any PlaceService = FixturePlaceService()
    ) async -> Result<SearchRequest, SearchFailure>? {
        await SearchFlights(places: places).request(for: query, today: Self.today)
    }

    @Test("a round trip from codes and relative dates")
    func typedSuccess() async throws {
        let input = TripQuery(
            legs: [.init(from: "LHR", to: "new york", date: "18 dec")], returnDate: "+10", adults: 2, childAges: [8],
            infants: 1, cabin: .business, maxConnections: 0, departureWindow: "9-17")
        let result = await search(input)
        let window = TimeWindow(from: try #require(LocalTime("09:00")), to: try #require(LocalTime("17:00")))
        let expected = SearchRequest(
            slices: [
                SearchSlice(origin: "LHR", destination: "NYC", departureDate: try #require(CalendarDate("2026-12-18")), departureTime: window),
                SearchSlice(origin: "NYC", destination: "LHR", departureDate: try #require(CalendarDate("2026-12-28")), departureTime: window),
            ],
            passengers: [.adult, .adult, .child(age: 8), .infantOnLap], cabinClass: .business, maxConnections: 0)
        #expect(result == .success(expected))
    }

    @Test("multi-city legs count +N from the leg before")
    func typedMultiCity() async throws {
        let input = TripQuery(
            legs: [.init(from: "LHR", to: "JFK", date: "2026-12-18"), .init(from: "JFK", to: "paris cdg", date: "+5")],)
        let request = try #require(try await search(input)?.get())
        #expect(request.slices.map(\.origin) == ["LHR", "JFK"])
        #expect(request.slices.map(\.destination) == ["JFK", "CDG"])
        #expect(request.slices.map(\.departureDate.description) == ["2026-12-18", "2026-12-23"])
        #expect(request.passengers == [.adult])
        #expect(request.cabinClass == .economy)
        #expect(request.maxConnections == 1)
    }

    @Test("failures name the field and what to do", arguments: [
        (TripQuery(legs: [.init(from: "xyzzy", to: "JFK", date: "18 dec")]),
         "From: No airport or city matches “xyzzy”. Try a city or an airport name, or a three-letter code."),
        (TripQuery(legs: [.init(from: "springfield", to: "JFK", date: "18 dec")]),
         "From: “springfield” could be several places; give one of these codes: SGF ("),
        (TripQuery(legs: [.init(from: "LHR", to: "", date: "18 dec")]),
         "To: Give a city, an airport or a three-letter code."),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "someday")]),
         "Depart: “someday” is not a date."),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "2026-11-01")]),
         "Depart: 2026-11-01 is in the past; choose today (2026-11-22) or later."),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], returnDate: "10 dec"),
         "Return: The return date, Thu 10 Dec 2026, is before the outbound date"),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], adults: 1, infants: 2),
         "Passengers: Each infant on a lap needs an adult"),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], maxConnections: 5),
         "Connections: Maximum connections must be 0, 1 or 2."),
        (TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], departureWindow: "lunch"),
         "Departure time: “lunch” is not a time window."),
        (TripQuery(legs: [.init(from: "LHR", to: "LHR", date: "18 dec")]),
         "To: The destination must differ from the origin."),
        (TripQuery(legs: []),
         "From: Give where from, where to and the departure date."),
        (TripQuery(
            legs: [.init(from: "LHR", to: "JFK", date: "18 dec"), .init(from: "JFK", to: "LHR", date: "10 dec")],),
         "Leg 2 depart: Leg 2 departs on 2026-12-10, before leg 1 (2026-12-18)"),
    ])
    func typedFailures(input: TripQuery, expected: String) async {
        let result = await search(input)
        guard case .failure(.invalidInput(let problems))? = result else {
            Issue.record("Expected invalid input, got \(String(describing: result))")
            return
        }
        #expect(problems.contains { $0.hasPrefix(expected) }, "\(problems)")
    }

    @Test("every problem is reported at once, not only the first")
    func typedReportsAll() async {
        let input = TripQuery(
            legs: [.init(from: "xyzzy", to: "JFK", date: "someday")], infants: 3)
        guard case .failure(.invalidInput(let problems))? = await search(input) else {
            Issue.record("Expected invalid input")
            return
        }
        #expect(problems.count == 3)
        #expect(problems.map { $0.prefix(while: { $0 != ":" }) } == ["From", "Depart", "Passengers"])
    }

    @Test("a place service timeout is a service failure, not bad input")
    func typedTimeout() async {
        let places = FixturePlaceService()
        places.fail(with: .timedOut)
        let input = TripQuery(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")])
        #expect(await search(input, places: places) == .failure(.service(.timedOut)))
    }

    @Test("every place is looked up at once, and each answer lands on its own leg")
    func typedLooksUpTogether() async throws {
        let places = GatedPlaces(opensAt: 4)
        let query = TripQuery(
            legs: [.init(from: "LHR", to: "JFK", date: "2026-12-18"), .init(from: "JFK", to: "paris cdg", date: "+5")])
        // The gate opens only when all four look-ups wait at once: one after another would never get there.
        let request = try #require(try await search(query, places: places)?.get())
        #expect(request.slices.map(\.origin) == ["LHR", "JFK"])
        #expect(request.slices.map(\.destination) == ["JFK", "CDG"])
    }
}

/// Fixture places that answer only once `opensAt` look-ups are waiting together.
private final class GatedPlaces: PlaceService, Sendable {
    private let inner = FixturePlaceService()
    private let opensAt: Int
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])

    init(opensAt: Int) { self.opensAt = opensAt }

    func suggestions(for query: String) async throws(ServiceError) -> [Place] {
        await withCheckedContinuation { continuation in
            let open = waiting.withLock { list -> [CheckedContinuation<Void, Never>] in
                list.append(continuation)
                guard list.count >= opensAt else { return [] }
                defer { list = [] }
                return list
            }
            for waiter in open { waiter.resume() }
        }
        return try await inner.suggestions(for: query)
    }
}
