import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary

/// A session recorded through the Builder keeps no personal data and replays step for step through
/// ``FlightSummaryBuilder/replay``.
@MainActor
@Suite("FlightSummary recording and replay")
struct FlightSummaryReplayTests {
    private func record(_ input: FlightSummaryInput, typing lines: [String]) async throws -> (String, Int, VirtualTerminal) {
        var written = Data()
        let recorder = SessionRecorder(write: { written.append($0) })
        let terminal = VirtualTerminal(columns: 100)
        let screen = FlightSummaryBuilder(
            offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
            backend: "fixtures", now: { searchTime }, timeZone: utc, makeBookingKey: { "key-1" }, recorder: recorder
        ).build(input: input, router: SpyRouter(), terminal: terminal)
        for line in lines { terminal.enter(line) }
        terminal.endInput()
        await screen.run()
        return (String(decoding: written, as: UTF8.self), recorder.stepCount, terminal)
    }

    @Test func anInteractiveBookingReplaysWithNothingPersonalInIt() async throws {
        let offer = try recordedOffer()
        let input = FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch)
        // A wrong email first: the recording must take the same steps with stand-ins.
        let typed = ["y", "ms", "Imogen", "Fairweather", "1990-04-12", "f", "imogen@example",
                     "imogen.fairweather@example.com", "+442079460123", "1", "y"]
        let (session, steps, live) = try await record(input, typing: typed)
        #expect(live.text.contains("Booked: booking reference ERDAH6"))
        // Appeared, checked, y, 8 answers (one refused), 1, y, checked again, booked, then the end of the input.
        #expect(steps == 16)
        for personal in ["Imogen", "Fairweather", "1990-04-12", "imogen@example", "7946 0123", "442079460123"] {
            #expect(!session.contains(personal), "the recording holds \(personal)")
        }
        let terminal = VirtualTerminal(columns: 100)
        let report = try SessionReplayer(modules: [FlightSummaryBuilder.replay], terminal: terminal).replay(session)
        #expect(report == ReplayReport(matched: steps, divergence: nil))
        #expect(terminal.text.contains("does not look like an email address"))
        #expect(terminal.text.contains("Booked: booking reference ERDAH6"))
        #expect(terminal.text.contains("Ms Redacted Redacted"))
    }

    @Test func whatIsTypedIntoPersonalFieldsIsRedactedAndKeepsItsVerdict() throws {
        let offer = try recordedOffer()
        var state = FlightSummaryState(
            input: FlightSummaryInput(offerID: offer.id, offer: offer), storeLocation: "memory", timeZone: utc,
            now: searchTime)
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: nil)
        state.drafts = [PassengerDraft()]
        func redacted(_ text: String, at field: PassengerField) -> FlightSummaryAction {
            state.step = .field(passenger: 0, field: field)
            return FlightSummaryReducer.redacted(.entered(text), in: state)
        }
        #expect(redacted("Imogen", at: .givenName) == .entered(Redaction.name))
        #expect(redacted("Imogen7", at: .givenName) != .entered(Redaction.name))
        #expect(redacted("1990-04-12", at: .bornOn) == .entered("1990-07-01"))
        #expect(redacted("imogen@example.com", at: .email) == .entered(Redaction.email))
        #expect(redacted("+44 20 7946 0123", at: .phoneNumber) == .entered(Redaction.phone))
        #expect(redacted("ms", at: .title) == .entered("ms"))
        for (text, field) in [("Imogen7", PassengerField.givenName), ("12/04/1990", .bornOn), ("imogen@", .email), ("12", .phoneNumber)] {
            guard case .entered(let standIn) = redacted(text, at: field) else { continue }
            var draft = PassengerDraft()
            #expect(rules().accept(standIn, for: field, slot: state.slots[0], offer: offer, into: &draft) != nil,
                    "the stand-in for a refused \(field) must be refused too")
        }
        // What is typed outside a personal field stays as it is.
        state.step = .review
        #expect(FlightSummaryReducer.redacted(.entered("Imogen"), in: state) == .entered("Imogen"))
    }
}
