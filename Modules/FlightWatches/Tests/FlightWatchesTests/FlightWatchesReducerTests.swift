import Entities
import Foundation
import ModuleCore
import ModuleTesting
import TerminalUI
import Testing
import Trips
@testable import FlightWatches

/// The rules as a story: each action sent, how the state changed, and the effects that followed.
@Suite("FlightWatches reducer")
struct FlightWatchesReducerTests {
    static func summaries() throws -> [WatchSummary] {
        let store = try Watches.store()
        return try store.watches().map { WatchSummary(watch: $0, history: try store.history(of: $0.id)) }
    }

    static func state(interactive: Bool = true) -> FlightWatchesState {
        FlightWatchesState(input: FlightWatchesInput(), isInteractive: interactive, columns: 80, timeZone: "GMT")
    }

    @Test("read, opened, checked (read again), removed after a yes, back to the list, then out")
    func story() throws {
        let watches = try Self.summaries()
        var store = TestStore<FlightWatchesReducer>(Self.state())
        store.send(.appeared, effects: [.note(.progress("Reading your price watches…")), .run(.load)]) { $0.busy = .loading }
        #expect(FlightWatchesReducer.screen(store.state).question == nil)
        store.send(.loaded(.success(watches)), effects: [.note(.progressEnded)]) {
            $0.busy = nil
            $0.watches = watches
        }
        guard case .table(let table, 0)? = FlightWatchesReducer.screen(store.state).question?.kind else {
            Issue.record("the list is not a table to choose from")
            return
        }
        #expect(table.rows.count == 2)
        store.send(.chose(1), effects: []) {
            $0.highlight = 1
            $0.opened = 2
        }
        store.send(.checkTapped, effects: [.note(.progress("Checking watch 2…")), .run(.check(2))]) { $0.busy = .checking(2) }
        #expect(FlightWatchesReducer.screen(store.state).question == nil, "nothing is asked while it checks")
        store.send(.checkTapped, effects: [])
        store.send(.checked(.success("Watch 2: £900.")), effects: [
            .note(.progressEnded), .note(.progress("Reading your price watches…")), .run(.load),
        ]) {
            $0.busy = .loading
            $0.said = Notice(.info, "Watch 2: £900.")
        }
        store.send(.loaded(.success(watches)), effects: [.note(.progressEnded)]) { $0.busy = nil }
        // What the check said stays under the page, read again, until the next key.
        #expect(FlightWatchesReducer.screen(store.state).page.last == .notice(Notice(.info, "Watch 2: £900.")))
        store.send(.removeTapped, effects: []) {
            $0.confirmingRemoval = 2
            $0.said = nil
        }
        #expect(FlightWatchesReducer.screen(store.state).question?.commits == true)
        store.send(.removeAnswered(true), effects: [.run(.remove(2))]) {
            $0.confirmingRemoval = nil
            $0.busy = .removing(2)
        }
        store.send(.removed(.success(2)), effects: [.run(.load)]) {
            $0.busy = .loading
            $0.opened = nil
            $0.said = Notice(.success, "Watch 2 and its history are removed.")
        }
        let left = Array(watches.prefix(1))
        store.send(.loaded(.success(left)), effects: [.note(.progressEnded)]) {
            $0.busy = nil
            $0.watches = left
            $0.highlight = 0
        }
        store.send(.back, effects: [.note(.progressEnded), .leave(.back)]) {
            $0.isDone = true
            $0.said = nil
        }
        store.send(.appeared, effects: [])
    }

    @Test("Esc steps back: from the question, from a watch, then out; a watch is searched as it is kept")
    func backAndSearch() throws {
        let watches = try Self.summaries()
        var state = Self.state()
        state.watches = watches
        state.opened = 1
        state.confirmingRemoval = 1
        var store = TestStore<FlightWatchesReducer>(state)
        store.send(.back, effects: []) { $0.confirmingRemoval = nil }
        store.send(.searchTapped, effects: [.leave(.search(watches[0].watch.search))])
        store.send(.back, effects: []) { $0.opened = nil }
        store.send(.back, effects: [.note(.progressEnded), .leave(.back)]) { $0.isDone = true }
    }

    @Test("a window is searched again from its first day still to come")
    func windowSearchedFromToday() throws {
        var watch = try #require(try Self.summaries().first)
        watch.watch.latestDeparture = Watches.day.adding(days: 5)
        var state = Self.state()
        state.watches = [watch]
        state.opened = watch.watch.id
        state.today = Watches.day.adding(days: 2)
        var store = TestStore<FlightWatchesReducer>(state)
        store.send(.searchTapped, effects: [.leave(.search(watch.watch.search.shifted(toDepartOn: Watches.day.adding(days: 2))))])
    }

    @Test("a store that cannot be read is said, and Esc leaves")
    func failure() {
        var store = TestStore<FlightWatchesReducer>(Self.state())
        store.send(.appeared, effects: [.note(.progress("Reading your price watches…")), .run(.load)]) { $0.busy = .loading }
        let failure = WatchFailure.store(.corrupt(path: "/x/watches.sqlite", reason: "it is not a watches database"))
        store.send(.loaded(.failure(failure)), effects: [.note(.progressEnded)]) {
            $0.busy = nil
            $0.failure = failure.description
        }
        #expect(FlightWatchesReducer.screen(store.state).page.contains(.notice(Notice(.error, failure.description))))
    }

    @Test("keys and words, by what is shown", arguments: [
        (false, false, ScreenInput.key(.character("s")), nil),
        (true, false, .key(.character("s")), .searchTapped),
        (true, false, .line(" Check "), .checkTapped),
        (true, false, .key(.character("x")), .removeTapped),
        (true, true, .key(.character("y")), .removeAnswered(true)),
        (true, true, .line("no"), .removeAnswered(false)),
        (true, true, .key(.character("s")), nil),
        (false, false, .line("back"), .back),
        (false, false, .chose(1), .chose(1)),
    ] as [(Bool, Bool, ScreenInput, FlightWatchesAction?)])
    func inputs(opened: Bool, confirming: Bool, input: ScreenInput, action: FlightWatchesAction?) {
        var state = Self.state()
        state.opened = opened ? 1 : nil
        state.confirmingRemoval = confirming ? 1 : nil
        #expect(FlightWatchesReducer.action(for: input, in: state) == action)
    }
}
