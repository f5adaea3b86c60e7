import Foundation
import MCP
import Testing

@testable import FlightsMCP

/// `notifications/progress` for a call that gives a progress token (and for none that does not), and
/// `notifications/cancelled`: a search stops, a booking under way is finished.
@Suite struct ProgressAndCancellationTests {
    private let dates: [String: Value] = ["origin": "LHR", "destination": "JFK", "departure_date": "2027-01-10"]

    @Test func aCallWithAProgressTokenHearsEachStepInOrderAndOneWithoutHearsNothing() async throws {
        let (client, server) = try await connect(FakeToolbox())
        defer { Task { await server.stop() } }
        let reports = await progressReports(of: client)
        // Without a token first: any report of it would come before the second call's.
        _ = try await call(client, "search_dates", dates)
        _ = try await call(client, "search_dates", dates, token: .string("grid"))
        var heard: [ProgressNotification.Parameters] = []
        for await report in reports {
            heard.append(report)
            if report.progress == report.total { break }
        }
        #expect(heard.map(\.progressToken) == Array(repeating: .string("grid"), count: 3))
        #expect(heard.map(\.progress) == [1, 2, 3])
        #expect(heard.map(\.total) == [3, 3, 3])
        #expect(heard.last?.message == "3 of 3 days searched")
    }

    @Test func aCancelledSearchStopsAndTheServerGoesOnAnswering() async throws {
        let toolbox = FakeToolbox(waits: true)
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let reports = await progressReports(of: client)
        let search = try await send(client, "search_dates", dates, token: .integer(7))
        var first = reports.makeAsyncIterator()
        #expect(await first.next()?.progress == 1)
        try await client.cancelRequest(search.requestID, reason: "the traveller changed their mind")
        var endings = toolbox.endings.stream.makeAsyncIterator()
        #expect(await endings.next() == "dates cancelled after 1")
        await #expect(throws: CancellationError.self) { _ = try await search.value }
        let places = try await call(client, "find_places", ["query": "lon"])
        #expect(places.isError != true)
    }

    @Test func aBookingUnderWayIsFinishedWhenItsCallIsCancelled() async throws {
        let toolbox = FakeToolbox(waits: true)
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let reports = await progressReports(of: client)
        let ada: Value = [
            "title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
            "email": "ada@example.com", "phone_number": "+442080160508",
        ]
        let booking = try await send(
            client, "book", ["offer_id": "off_1", "passengers": [ada], "confirm_total": "412.50"], token: .string("b"))
        var first = reports.makeAsyncIterator()
        #expect(await first.next()?.message == "Sending the order")
        try await client.cancelRequest(booking.requestID)
        // The server reads its messages in order: once the ping is answered, the cancellation has been acted on.
        try await client.ping()
        toolbox.release.continuation.yield()
        var endings = toolbox.endings.stream.makeAsyncIterator()
        #expect(await endings.next() == "book finished")
        #expect(toolbox.bookingRequests.withLock { $0.count } == 1)
    }
}
