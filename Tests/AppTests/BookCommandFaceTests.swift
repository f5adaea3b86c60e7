import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights book` as a face over the core, on the fixture services: the recorded offer (ZZ117 LHR → JFK, one adult,
/// £412.50) booked from a passengers file.
@MainActor
@Suite("flights book: a face over the core")
struct BookCommandFaceTests {
    static let imogen = PassengersFile.Traveller(
        title: "ms", givenName: "Imogen", familyName: "Fairweather", bornOn: "1990-04-12", gender: "f",
        email: "imogen.fairweather@example.com", phoneNumber: "+44 20 7946 0123")

    static func offerID() throws -> String {
        try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data.id
    }

    /// What the run wrote, its lines joined: a sentence wrapped at the terminal's width reads whole.
    func said(_ bench: CommandBench) -> String {
        (bench.terminal.output + " " + bench.terminal.diagnostics).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func book(
        _ bench: CommandBench, _ travellers: [PassengersFile.Traveller] = [imogen], yes: Bool = true,
        total: Decimal? = nil, hold: Bool = false, json: Bool = false
    ) async throws -> FlowOutcome {
        let run = BookRun(
            offerID: try Self.offerID(), travellers: travellers, assumeYes: yes, agreedTotal: total, hold: hold, json: json)
        return await run.run(in: bench.context)
    }

    @Test("without --yes: the offer and the passengers are shown with the total, nothing is booked, exit 2")
    func withoutYes() async throws {
        let bench = CommandBench(forPrograms: false)
        let outcome = try await book(bench, yes: false)
        #expect(outcome == .declined && outcome.exitCode == 2)
        #expect(bench.terminal.output.contains("Your flight"))
        #expect(bench.terminal.output.contains("Passengers"))
        #expect(bench.terminal.output.contains("Not booked. Run the same command with --yes to book and pay £412.50."))
        #expect(bench.orders.created.isEmpty)
        #expect(bench.bookings.saves.isEmpty)
    }

    @Test("another total agreed: nothing is booked or written, and the total now is said")
    func anotherTotal() async throws {
        let bench = CommandBench(forPrograms: false)
        let outcome = try await book(bench, total: 402.50)
        #expect(outcome == .declined)
        #expect(bench.terminal.output.contains("Nothing was booked: the total is now £412.50, not the £402.50 agreed to."))
        #expect(bench.orders.created.isEmpty)
        #expect(bench.bookings.saves.isEmpty)
    }

    @Test("with --yes at the total agreed: booked once, written pending then confirmed; --json is the order alone")
    func booksAsJSON() async throws {
        let bench = CommandBench(forPrograms: true)
        let outcome = try await book(bench, total: 412.50, json: true)
        #expect(outcome == .done)
        let order = try DuffelJSON.decoder().decode(Order.self, from: Data(bench.terminal.output.utf8))
        #expect(order.bookingReference == "ERDAH6")
        #expect(order.metadata?["flights_booking_key"] != nil)
        #expect(bench.orders.created.count == 1)
        #expect(bench.bookings.saves.map(\.state) == [.pending, .confirmed])
        #expect(bench.terminal.diagnostics.contains("Booked: booking reference ERDAH6"))
    }

    @Test("every problem of the passengers file is said at once; nothing is booked, exit 64")
    func everyProblem() async throws {
        var wrong = Self.imogen
        wrong.email = "nobody"
        wrong.title = "sir"
        let bench = CommandBench(forPrograms: false)
        let outcome = try await book(bench, [wrong])
        #expect(outcome == .badInput && outcome.exitCode == 64)
        #expect(bench.terminal.output.contains("Passenger 1 (adult), title:"))
        #expect(bench.terminal.output.contains("Passenger 1 (adult), email:"))
        #expect(bench.terminal.output.contains("Nothing was booked. Correct the passengers file"))
        #expect(bench.orders.created.isEmpty)
    }

    @Test("an offer gone is said with the way on, exit 69")
    func offerGone() async throws {
        let bench = CommandBench(forPrograms: false)
        bench.extras.replyServices(with: .file(.errorNotFound))
        let outcome = try await book(bench)
        #expect(outcome.exitCode == 69)
        #expect(bench.terminal.output.contains("Search again and choose another offer."))
        #expect(bench.orders.created.isEmpty)
    }

    @Test("no answer and no order found: sent once, kept pending, exit 69 with how to check")
    func lostAnswerNoOrder() async throws {
        let bench = CommandBench(forPrograms: false)
        bench.orders.replyCreates(with: .failure(.timedOut))
        let outcome = try await book(bench)
        #expect(outcome.exitCode == 69)
        #expect(bench.orders.created.count == 1)
        #expect(try bench.bookings.records().map(\.state) == [.pending])
        #expect(said(bench).contains("Run `flights bookings` to check it before booking again."))
    }

    @Test("a hold with a bag in the passengers file is refused before anything is sent, with the way on")
    func holdWithExtras() async throws {
        var withBag = Self.imogen
        withBag.bags = ["LHR-JFK": 1]
        let bench = CommandBench(forPrograms: false)
        let outcome = try await book(bench, [withBag], hold: true)
        #expect(outcome == .badInput)
        #expect(said(bench).contains(BookTravellers.heldExtrasProblem))
        #expect(said(bench).contains("without --hold"))
        #expect(bench.orders.created.isEmpty)
    }
}
