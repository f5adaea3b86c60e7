import Foundation
import Testing

/// Bad arguments and settings, each refused before anything is sent, with the exit code and a message that says what
/// to do.
@Suite struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String] = [:]
        var status: Int32 = 64
        var message: String
        var testDescription: String { arguments.joined(separator: " ").prefix(60) + " " + environment.keys.joined() }
    }

    static let cases: [Case] = [
        Case(arguments: ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--infants=-1"],
             message: "--infants must be from 0 to the number of adults"),
        Case(arguments: ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--infants", "2"],
             message: "--infants must be from 0 to the number of adults"),
        Case(arguments: ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--adults", "0"],
             message: "--adults must be from 1 to 9"),
        Case(arguments: ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--child", "18"],
             message: "--child 18 is not a child's age"),
        Case(arguments: ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--max-connections=3"],
             message: "--max-connections must be 0, 1 or 2"),
        Case(arguments: ["search", "LHR", "JFK", "--depart", "2099-01-01"],
             message: "is more than a year ahead, and airlines do not sell flights that far ahead yet"),
        Case(arguments: ["places", "lon"], environment: ["FLIGHTS_REQUEST_TIMEOUT": "abc"],
             message: "FLIGHTS_REQUEST_TIMEOUT is \"abc\"; it must be a number of seconds"),
        Case(arguments: ["places", "lon", "--api", "https://ada:s3cret@api.example"],
             environment: ["DUFFEL_ACCESS_TOKEN": "duffel_test_x"], message: "carries a user name or password"),
        Case(arguments: ["places", "lon", "--api", "http://api.example"],
             environment: ["DUFFEL_ACCESS_TOKEN": "duffel_live_x"], message: "a live token must not travel unencrypted"),
        Case(arguments: ["places", String(repeating: "a", count: 100_000)], message: "an argument of 100000 bytes"),
    ]

    @Test(arguments: cases)
    func refusedWithAMessage(_ test: Case) async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(test.arguments, environment: test.environment)
            #expect(run.status == test.status, "\(run)")
            #expect((run.output + run.errors).contains(test.message), "\(run)")
            #expect(!(run.output + run.errors).contains("s3cret"), "a password was printed:\n\(run)")
            #expect(run.errors.utf8.count < 2_000, "the input was echoed whole")
        }
    }

    /// A booking whose pending record cannot be written first (here a folder sits where the bookings file goes) is
    /// never sent: exit 73, no order at the flight service, and a message naming the file.
    @Test func aBookingThatCannotBeWrittenFirstIsNotSent() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let file = app.dataDirectory.appendingPathComponent("bookings.json", isDirectory: true)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            let booked = try await app.run(["book", offer, "--passengers", passengers.path, "--yes"])
            #expect(booked.status == 73, "\(booked)")
            #expect((booked.output + booked.errors).contains("Nothing was booked: The bookings file \(file.path)"), "\(booked)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty, "an order was sent:\n\(booked)")
        }
    }

    /// Output to a full disk fails the command (74) after what was done: the booking is kept and listed afterwards.
    @Test func aBookingWhoseOutputCannotBeWrittenIsKeptAndTheCommandFails() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let process = try Subprocess(
                name: "flights book … > /dev/full", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "exec \"$0\" \"$@\" > /dev/full", app.binary.path,
                            "book", offer, "--passengers", passengers.path, "--yes", "--json"],
                environment: app.environment())
            defer { process.terminate() }
            process.closeInput()
            let status = try await process.waitForExit(timeout: Timeouts.process)
            #expect(status == 74, "\(process.transcript)")
            #expect(process.errors.text.contains("standard output could not be written"), "\(process.transcript)")
            let list = try await app.run(["bookings"])
            #expect(list.output.contains("Confirmed"), "\(list)")
        }
    }
}
