import Entities
import FixtureServices
import Foundation
@testable import FlightSearch
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
@testable import Trips

/// Back at the first question asks before leaving; `?` is help at every question, and changes nothing.
@Suite("FlightSearchReducer: leaving and help")
struct FlightSearchLeaveAndHelpTests {
    typealias State = FlightSearchState
    typealias Store = TestStore<FlightSearchReducer>

    private let today = CalendarDate(year: 2026, month: 11, day: 22) ?? CalendarDate(Date.distantPast, in: .gmt)
    private static let leave = ScreenQuestion.keys("Nothing to go back to. Leave? [y/N] ")

    private func asking(tty: Bool = false) -> State {
        after(State(input: FlightSearchInput(), today: today, isInteractive: tty), .appeared(today: today))
    }

    private func after(_ state: State, _ actions: FlightSearchAction...) -> State {
        var state = state
        for action in actions { _ = FlightSearchReducer.reduce(&state, action) }
        return state
    }

    /// The question asked, without its help (told by the help tests).
    private func asked(_ state: State) -> ScreenQuestion? {
        FlightSearchReducer.screen(state).question?.helped(by: [])
    }

    private func atReview() async throws -> State {
        let service = FixturePlaceService()
        var state = after(asking(), .entered("LHR"), .placesAnswered(id: 1, .success(try await service.suggestions(for: "LHR"))))
        state = after(state, .entered("JFK"), .placesAnswered(id: 2, .success(try await service.suggestions(for: "JFK"))))
        return after(state, .entered("18 dec"), .entered(""))
    }

    // MARK: Back at the first question

    @Test("back at the first question asks; n, Enter or back again stay, and nothing typed is lost")
    func backAsks() {
        var state = asking()
        state.retryText = State.RetryText(step: .origin(leg: 0), text: "lon")
        var store = Store(state)
        for stay in [FlightSearchAction.entered("n"), .entered(""), .entered("no"), .back, .entered("b")] {
            store.send(.back, effects: []) { $0.step = .leaving }
            #expect(asked(store.state) == Self.leave)
            store.send(stay, effects: []) { $0.step = .origin(leg: 0) }
            #expect(asked(store.state) == .line("From: ", default: "lon"))
        }
    }

    @Test("at Leave?, y, q, Ctrl-C and the end of input leave; anything else is asked again")
    func leaveAnswers() {
        for action in [FlightSearchAction.entered("y"), .entered("Yes"), .entered("q"), .interrupted, .inputEnded] {
            var store = Store(after(asking(), .back))
            store.send(action, effects: [.leave(.back)]) {
                $0.step = .done
            }
        }
        var store = Store(after(asking(), .back))
        store.send(.entered("x"), effects: [.note(.error("Type y to leave, or n to stay.", suggestion: nil))]) { _ in }
        #expect(asked(store.state) == Self.leave)
    }

    @Test("on a TTY Leave? takes one key: y, n or Enter; other keys are ignored")
    func leaveKeys() {
        let state = after(asking(tty: true), .back)
        #expect(asked(state) == Self.leave)
        #expect(FlightSearchReducer.action(for: .key(.character("Y")), in: state) == .entered("y"))
        #expect(FlightSearchReducer.action(for: .key(.character("n")), in: state) == .entered("n"))
        #expect(FlightSearchReducer.action(for: .key(.enter), in: state) == .entered(""))
        #expect(FlightSearchReducer.action(for: .key(.character("z")), in: state) == nil)
        #expect(FlightSearchReducer.action(for: .back, in: state) == .back)
        #expect(FlightSearchReducer.action(for: .ended, in: state) == .inputEnded)
        #expect(state.keyHelpBlocks == nil)
    }

    @Test("route & dates from the review: back at From goes back to the review, the form kept")
    func backToReview() async throws {
        let review = try await atReview()
        var store = Store(review)
        store.send(.entered("r"), effects: []) {
            $0.step = .origin(leg: 0)
            $0.plan.exit = .review
            $0.position = 0
        }
        #expect(asked(store.state) == .line("From: ", default: "LHR"))
        store.send(.back, effects: [.print(review.summaryBlocks), .print(try #require(review.keyHelpBlocks))]) {
            $0.step = .review
            $0.plan.exit = .leave
            $0.position = 4
        }
        #expect(store.state.draft == review.draft)
    }

    // MARK: ? at every question

    @Test("every question carries its step's help, which the runner shows at ?; the reducer never sees ?")
    func helpAtLines() async throws {
        var withDefault = asking()
        withDefault.retryText = State.RetryText(step: .origin(leg: 0), text: "lon")
        for state in [asking(), withDefault, after(try await atReview(), .entered("p"))] {
            #expect(FlightSearchReducer.screen(state).question?.help == state.helpBlocks)
            #expect(!state.helpBlocks.isEmpty)
        }
        #expect(asking().helpBlocks == [
            .hint("Where you fly from: a city, an airport or a code, like London, Heathrow or LHR.", indent: 2),
            .hint("b goes back a step · q leaves · ? this help", indent: 2),
        ])
    }

    @Test("at the review, and at Leave?, ? is the runner's key: the module gives it no action, its question the help")
    func helpAtKeys() async throws {
        var review = try await atReview()
        review.isInteractive = true
        let confirming = after(asking(tty: true), .back)
        for state in [review, confirming] {
            #expect(FlightSearchReducer.action(for: .key(.character("?")), in: state) == nil)
            #expect(FlightSearchReducer.screen(state).question?.help == state.helpBlocks)
        }
        #expect(review.helpBlocks.last == .hint("Esc goes back a step · q leaves · ? this help", indent: 2))
        #expect(review.helpBlocks.first.map { "\($0)" }?.contains("p passengers") == true)
        #expect(confirming.helpBlocks.first == .hint("y leaves the search; n or Enter stays here, with everything kept.", indent: 2))
    }

    @Test("every step has its own help")
    func helpForEveryStep() {
        let steps: [FlightSearchStep] = [
            .origin(leg: 0), .destination(leg: 0), .departure(leg: 0), .departure(leg: 1), .returnDate, .adults,
            .children, .infants, .departureWindow, .review, .legs,
        ]
        let texts = steps.map { step -> ScreenBlock? in
            var state = asking()
            state.step = step
            return state.helpBlocks.first
        }
        #expect(Set(texts.compactMap { $0.map { "\($0)" } }).count == steps.count)
    }
}
