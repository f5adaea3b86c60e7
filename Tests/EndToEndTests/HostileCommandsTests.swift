import Entities
import Foundation
import Testing

/// Every command that shows what a server sent, against `serve.py --hostile` (control sequences around every name
/// and message) and `--hostile --hostile-all` (around every string but ids, amounts, currencies, times and a few
/// enums: references, codes, flight and ticket numbers, refund destinations too). In text, not one control
/// character but a line break or a tab reaches standard output or error, and the sequences are shown visibly; with
/// `--json`, standard output is JSON that keeps the server's text whole, its control characters escaped.
@Suite struct HostileCommandsTests {
    enum Poison: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case text, everything

        var options: [String] { self == .text ? ["--hostile"] : ["--hostile", "--hostile-all"] }
        var testDescription: String { self == .text ? "names and messages poisoned" : "every string poisoned" }
    }

    /// The sequence the stub puts before each poisoned string, raw and as the app shows it.
    static let rawPoison = "\u{1B}]0;PWNED\u{07}"
    static let shownPoison = "^[]0;PWNED^G"

    /// No colours of our own either: every escape on the streams would be the server's.
    static let plain = ["NO_COLOR": "1", "TERM": "dumb"]

    @Test(arguments: Poison.allCases)
    func placesAndSearchShowThePoisonVisiblyAndKeepItInJSON(_ poison: Poison) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: poison.options)
            defer { stub.stop() }
            let environment = stub.environment.merging(Self.plain) { $1 }

            let places = try await app.run(["places", "london"], environment: environment)
            try Self.expectShownVisibly(places, status: 0)
            try Self.expectEscapedJSON(try await app.run(["places", "london", "--json"], environment: environment), status: 0)

            let search = ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure]
            let table = try await app.run(search, environment: environment)
            try Self.expectShownVisibly(table, status: 0)
            try Self.expectEscapedJSON(try await app.run(search + ["--json"], environment: environment), status: 0)
        }
    }

    /// Book, list, show, the cancellation's quote (declined, then confirmed): text and JSON.
    @Test(arguments: Poison.allCases)
    func aBookingItsListItsDetailAndItsCancellationShowNothingRaw(_ poison: Poison) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: poison.options)
            defer { stub.stop() }
            let environment = stub.environment.merging(Self.plain) { $1 }
            let offer = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)

            let booked = try await app.run(["book", offer, "--passengers", passengers.path, "--yes"], environment: environment)
            try Self.expectShownVisibly(booked, status: 0)
            #expect(booked.output.contains("Booked: booking reference"), "\(booked)")

            let list = try await app.run(["bookings"], environment: environment)
            try Self.expectShownVisibly(list, status: 0)
            let listed = try await app.run(["bookings", "--json"], environment: environment)
            try Self.expectEscapedJSON(listed, status: 0)
            // The reference as the server sent it (poisoned, with everything poisoned), as a script would pass it on.
            let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(listed.output.utf8))
            let reference = try #require(records.first?.bookingReference, "\(listed)")
            #expect(reference.contains(Self.rawPoison) == (poison == .everything), "\(reference.debugDescription)")

            try Self.expectShownVisibly(try await app.run(["booking", reference], environment: environment), status: 0)
            try Self.expectEscapedJSON(try await app.run(["booking", reference, "--json"], environment: environment), status: 0)

            // Without --yes: the quote is shown, nothing is cancelled (exit 2).
            let quote = try await app.run(["cancel", reference], environment: environment)
            try Self.expectShownVisibly(quote, status: 2)
            #expect(quote.output.contains("── Cancellation"), "the quote was not shown:\n\(quote)")
            #expect(quote.output.contains("Goes to"), "\(quote)")
            // A quote has no free text; with everything poisoned its refund destination is.
            let keepsPoison = poison == .everything
            try Self.expectEscapedJSON(
                try await app.run(["cancel", reference, "--json"], environment: environment), status: 2, keepsPoison: keepsPoison)

            let cancelled = try await app.run(["cancel", reference, "--yes"], environment: environment)
            try Self.expectShownVisibly(cancelled, status: 0)
            #expect(cancelled.output.contains("is cancelled"), "\(cancelled)")
            try Self.expectEscapedJSON(
                try await app.run(["cancel", reference, "--yes", "--json"], environment: environment), status: 0,
                keepsPoison: keepsPoison)
        }
    }

    @Test(arguments: Poison.allCases)
    func bookingWithJSONKeepsTheServersTextWhole(_ poison: Poison) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: poison.options)
            defer { stub.stop() }
            let offer = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)
            let booked = try await app.run(
                ["book", offer, "--passengers", passengers.path, "--yes", "--json"],
                environment: stub.environment.merging(Self.plain) { $1 })
            try Self.expectEscapedJSON(booked, status: 0)
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
            #expect(order.passengers.first?.fullName.contains(Self.rawPoison) == true, "\(order.passengers)")
        }
    }

    /// A held booking paid later: the total asked for (declined without --yes), then paid; text and JSON.
    @Test(arguments: Poison.allCases)
    func payingAHoldShowsNothingRaw(_ poison: Poison) async throws {
        try await FlightsApp.withFreshData { app in
            // Duffel's held order, still to be paid and not cancelled, whenever it is read.
            let hold = try app.file("hold-order.json", contents: try Self.payableHold())
            let routes = ["--route", "POST /air/orders=\(hold.path)", "--route", "GET /air/orders/{id}=\(hold.path)"]
            let stub = try await DuffelStub.start(app, options: poison.options + routes)
            defer { stub.stop() }
            let environment = stub.environment.merging(Self.plain) { $1 }
            let offer = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)

            let held = try await app.run(
                ["book", offer, "--passengers", passengers.path, "--hold", "--yes"], environment: environment)
            try Self.expectShownVisibly(held, status: 0)
            let listed = try await app.run(["bookings", "--json"], environment: environment)
            let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(listed.output.utf8))
            let reference = try #require(records.first?.bookingReference, "\(listed)")

            let asked = try await app.run(["pay", reference], environment: environment)
            try Self.expectShownVisibly(asked, status: 2)
            #expect(asked.output.contains("--yes to pay £90.80"), "\(asked)")
            let paid = try await app.run(["pay", reference, "--yes"], environment: environment)
            try Self.expectShownVisibly(paid, status: 0)
            // The amount is the stub's payment's, Duffel's example, not the order's.
            #expect(paid.output.contains("is paid: £"), "\(paid)")
            try Self.expectEscapedJSON(try await app.run(["pay", reference, "--yes", "--json"], environment: environment), status: 0)
            #expect(try stub.count("POST", "/air/payments") == 2)
        }
    }

    /// The server's own error messages (and, with everything poisoned, its error codes and field names).
    @Test(arguments: Poison.allCases)
    func errorsFromTheServerShowNothingRaw(_ poison: Poison) async throws {
        try await FlightsApp.withFreshData { app in
            let routes = [
                "--route", "POST /air/offer_requests=error/ruby-validation_error.json",
                "--route", "POST /air/order_cancellations=error/ruby-invalid_state_error.json",
            ]
            let stub = try await DuffelStub.start(app, options: poison.options + routes)
            defer { stub.stop() }
            let environment = stub.environment.merging(Self.plain) { $1 }

            let search = ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure]
            let refused = try await app.run(search, environment: environment)
            try Self.expectShownVisibly(refused, status: 69)
            let refusedJSON = try await app.run(search + ["--json"], environment: environment)
            try Self.expectShownVisibly(refusedJSON, status: 69)
            #expect(refusedJSON.output.isEmpty, "\(refusedJSON)")

            // A booking (the stub serves Duffel's example offer for any id), then a cancellation the server refuses.
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)
            let booked = try await app.run(
                ["book", "off_0000AJjwEHhflaMRlEm9NA", "--passengers", passengers.path, "--yes", "--json"], environment: environment)
            #expect(booked.status == 0, "\(booked)")
            let reference = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8)).bookingReference
            let cancel = try await app.run(["cancel", reference, "--yes"], environment: environment)
            try Self.expectShownVisibly(cancel, status: 69)
            #expect(cancel.output.contains("could not be quoted"), "\(cancel)")
        }
    }

    // MARK: What reaches the streams

    /// Control characters a terminal acts on: C0 but line feed and tab, DEL, C1, and the bidirectional controls.
    static func controlCharacters(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    static func expectNoControlCharacters(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for (stream, text) in [("standard output", run.output), ("standard error", run.errors)] {
            let found = controlCharacters(in: text)
            #expect(found.isEmpty, "\(stream) carries \(Set(found.map { String(format: "U+%04X", $0.value) }).sorted()):\n\(run)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Text mode: the command ended as expected, nothing raw came out, and the poison was there, shown visibly
    /// (so the server's text did reach the screen).
    static func expectShownVisibly(_ run: Run, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
        expectNoControlCharacters(run, sourceLocation: sourceLocation)
        #expect((run.output + run.errors).contains(shownPoison), "no poisoned text was shown:\n\(run)",
                sourceLocation: sourceLocation)
    }

    /// `--json`: standard output is JSON with no raw control character, and (when the answer had any poisoned text)
    /// some string in it holds the server's poisoned text whole; standard error has nothing raw either.
    static func expectEscapedJSON(
        _ run: Run, status: Int32, keepsPoison: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
        expectNoControlCharacters(run, sourceLocation: sourceLocation)
        let json = try #require(
            try? JSONSerialization.jsonObject(with: Data(run.output.utf8), options: [.fragmentsAllowed]),
            "standard output is not JSON:\n\(run)", sourceLocation: sourceLocation)
        #expect(strings(in: json).contains { $0.contains(rawPoison) } == keepsPoison,
                "the server's text was not kept whole:\n\(run)", sourceLocation: sourceLocation)
    }

    /// Every string in a parsed JSON value, keys included.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap { strings(in: $0) }
        case let object as [String: Any]: object.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }

    /// Duffel's held order (`python-create-hold-order.json`) with a deadline ahead and no cancellation, so it can
    /// be paid whenever it is read.
    static func payableHold() throws -> String {
        let file = DuffelStub.corpus.appendingPathComponent("order/python-create-hold-order.json")
        var envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var order = try #require(envelope["data"] as? [String: Any])
        order["cancelled_at"] = NSNull()
        order["payment_status"] = [
            "awaiting_payment": true, "paid_at": NSNull(),
            "payment_required_by": "2099-01-17T10:42:14Z", "price_guarantee_expires_at": "2099-01-17T10:42:14Z",
        ]
        envelope["data"] = order
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
    }
}
