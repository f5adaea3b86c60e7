import Entities
import Foundation
import Testing

/// The faults the sandbox's plan cannot make: a 502, 503 or 504 that comes once, with or without `Retry-After`
/// (`serve.py --fail-once … --retry-after …`). A read is sent again (after the wait the server asked for, or a
/// short backoff) and succeeds; a booking is never sent again, whatever the server says.
@Suite struct FaultRetryAfterTests {
    struct Unavailable: Sendable, CustomTestStringConvertible {
        let status: Int
        /// `Retry-After` in seconds; `nil` sends none.
        let retryAfter: Int?

        var testDescription: String { "\(status) once, " + (retryAfter.map { "Retry-After: \($0)" } ?? "no Retry-After") }

        var options: [String] { retryAfter.map { ["--retry-after", String($0)] } ?? [] }

        static let all = [502, 503, 504].flatMap { status in [nil, 1].map { Unavailable(status: status, retryAfter: $0) } }
    }

    /// A read the server is briefly unable to answer: places, and the offer re-checked at `flights book`.
    enum Read: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case places, offer

        var rule: String { self == .places ? "GET /places/suggestions" : "GET /air/offers/{id}" }
        var testDescription: String { rule }
    }

    @Test(arguments: Read.allCases, Unavailable.all)
    func aReadTheServerCouldNotAnswerIsSentAgainAndSucceeds(_ read: Read, _ unavailable: Unavailable) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(
                app, options: ["--fail-once", "\(read.rule)=\(unavailable.status)"] + unavailable.options)
            defer { stub.stop() }
            let started = ContinuousClock.now
            let run: Run
            switch read {
            case .places:
                run = try await app.run(["places", "london"], environment: stub.environment)
                #expect(run.output.contains("LHR"), "\(run)")
            case .offer:
                let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)
                run = try await app.run(
                    ["book", Self.corpusOffer, "--passengers", passengers.path, "--yes"], environment: stub.environment)
                #expect(Screen.bookingReference(in: run.output) == "RZPNX8", "\(run)")
                #expect(try stub.count("POST", "/air/orders") == 1)
            }
            #expect(run.status == 0, "\(run)")
            let path = read == .places ? "/places/suggestions" : "/air/offers/\(Self.corpusOffer)"
            #expect(try stub.requests().filter { $0.method == "GET" && $0.path == path }.map(\.status) == [unavailable.status, 200])
            if let seconds = unavailable.retryAfter {
                #expect(ContinuousClock.now - started >= .seconds(seconds) - .milliseconds(100), "Retry-After was not waited")
            }
        }
    }

    /// `POST /air/orders` is not safe to send again: the booking is looked for, never repeated, and told as not
    /// confirmed (pending), since the server's 5xx does not prove it was not made.
    @Test(arguments: Unavailable.all)
    func aBookingTheServerCouldNotAnswerIsNeverSentAgain(_ unavailable: Unavailable) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(
                app, options: ["--fail-once", "POST /air/orders=\(unavailable.status)"] + unavailable.options)
            defer { stub.stop() }
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)
            let run = try await app.run(
                ["book", Self.corpusOffer, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            FaultMatrix.expectNoCrash(run)
            #expect(run.status == 69, "\(run)")
            #expect(try stub.count("POST", "/air/orders") == 1, "the booking was sent again")
            #expect(try stub.count("GET", "/air/orders") >= 1, "the booking was not looked for")
            FaultMatrixReadTests.expectPhrases(
                ["The booking is not confirmed", "answered \(unavailable.status)",
                 "Run `flights bookings` to check it before booking again"], in: run)
            #expect(Screen.bookingReference(in: run.output) == nil, "\(run)")
            let said = FaultMatrix.said(run)
            #expect(said.contains("the flight service answered with an error"), "\(run)")
        }
    }

    /// A wait longer than the client honours (30 s) is not waited: the command ends at once, and should say when
    /// the server will take requests again rather than "in a moment".
    @Test func aRetryAfterTooLongToWaitEndsAtOnceAndSaysWhen() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(
                app, options: ["--fail-once", "GET /places/suggestions=503", "--retry-after", "120"])
            defer { stub.stop() }
            let started = ContinuousClock.now
            let run = try await app.run(["places", "london"], environment: stub.environment)
            #expect(ContinuousClock.now - started < .seconds(30), "the 120 s were waited")
            #expect(run.status == 69, "\(run)")
            #expect(try stub.count("GET", "/places/suggestions") == 1)
            let said = FaultMatrix.said(run)
            FaultMatrixReadTests.expectPhrases(["The places could not be looked up", "answered 503"], in: run)
            #expect(said.contains("tried again in about 2 min"), "\(run)")
            #expect(!said.contains("Try again in a moment"), "\(run)")
        }
    }

    /// The offer every corpus answer is about; the stub serves it for any id.
    static let corpusOffer = "off_0000AJjwEHhflaMRlEm9NA"
}
