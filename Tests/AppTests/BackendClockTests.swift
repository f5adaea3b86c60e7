import Foundation
import Testing
@testable import FlightsApp

/// `FLIGHTS_NOW`: the app's clock moved for tests of the embedded sandbox, running on from the instant given; refused
/// in words when it is not an instant, and with a real API (whose days it would misjudge).
@Suite struct BackendClockTests {
    @Test func theClockStartsAtTheInstantAndRunsOn() throws {
        let machine = Date()
        let offset = try BackendChoice.clockOffset("2031-03-11T09:00:00Z", machine: machine)
        #expect(machine.addingTimeInterval(offset) == ISO8601DateFormatter().date(from: "2031-03-11T09:00:00Z"))
        let choice = try BackendChoice.resolve(apiFlag: nil, environment: ["FLIGHTS_NOW": "2031-03-11T09:00:00Z"])
        let read = choice.now()
        #expect(abs(read.timeIntervalSince(ISO8601DateFormatter().date(from: "2031-03-11T09:00:00Z") ?? Date())) < 3_600)
        #expect(try BackendChoice.clockOffset(nil) == 0)
    }

    @Test func notAnInstantOrARealAPIIsRefusedInWords() {
        #expect(throws: BackendError.self) { try BackendChoice.clockOffset("next tuesday") }
        do {
            _ = try BackendChoice.resolve(
                apiFlag: "https://api.duffel.com",
                environment: ["FLIGHTS_NOW": "2031-03-11T09:00:00Z", "DUFFEL_ACCESS_TOKEN": "duffel_test_x"])
            Issue.record("FLIGHTS_NOW was taken with a real API")
        } catch {
            #expect(error.description.contains("FLIGHTS_NOW"), "\(error)")
        }
    }
}
