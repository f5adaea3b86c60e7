import ModuleCore
import TerminalUI
import Testing

/// A screen with pages turned by keys, work that a test releases, and a question that commits.
struct PagerState: Codable, Equatable, Sendable {
    var page = 1
    var loading = false
    var name: String?
    var booked = false
    var ended = false
    var appeared = 0
    var disappeared = 0
    var answers: [String] = []
}

enum PagerAction: Codable, Sendable, Equatable {
    case appeared, disappeared, next, back, ended, interrupted
    case load(shielded: Bool)
    case loaded(String)
    case named(String)
    case book
}

struct Fetch: ScreenWork {
    var name: String
    var isShielded: Bool
    var id: String { name }
}

enum Pager: ScreenFeature {
    typealias State = PagerState
    typealias Action = PagerAction
    typealias Work = Fetch
    typealias Route = String
    static let module = "Pager"
    static let disappeared: PagerAction? = .disappeared

    static func reduce(_ state: inout PagerState, _ action: PagerAction) -> [Effect] {
        switch action {
        case .appeared: state.appeared += 1
        case .disappeared: state.disappeared += 1
        case .next: state.page += 1
        case .back: state.page = max(1, state.page - 1)
        case .ended, .interrupted: state.ended = true
        case .load(let shielded):
            state.loading = true
            return [.run(Fetch(name: shielded ? "booking" : "search", isShielded: shielded))]
        case .loaded(let answer):
            state.loading = false
            state.answers.append(answer)
        case .named(let name): state.name = name
        case .book: state.booked = true
        }
        return []
    }

    static func screen(_ state: PagerState) -> ScreenModel {
        let page: [ScreenBlock] = [.header("Page \(state.page)")]
        if state.ended || state.booked { return ScreenModel(page: page) }
        if state.loading { return ScreenModel(page: page, question: .keys("loading")) }
        if !state.answers.isEmpty, state.name == nil { return ScreenModel(page: page, question: .line("Name:")) }
        if state.name != nil { return ScreenModel(page: page, question: .keys("Book? y", commits: true)) }
        return ScreenModel(page: page, layout: .whole, question: .keys("n next"))
    }

    static func action(for input: ScreenInput, in state: PagerState) -> PagerAction? {
        switch input {
        case .key(.character("n")) where !state.loading: .next
        case .key(.character("y")) where state.name != nil: .book
        case .line(let text) where !state.answers.isEmpty: .named(text)
        case .back: .back
        case .ended: .ended
        case .interrupted: .interrupted
        default: nil
        }
    }
}

/// Work the test answers when it chooses, one gate per piece of work, and sees cancelled.
final class Gate: Sendable {
    private let streams: [String: (AsyncStream<String>, AsyncStream<String>.Continuation)]
    let cancelled: AsyncStream<String>
    private let cancelledContinuation: AsyncStream<String>.Continuation

    init() {
        streams = Dictionary(uniqueKeysWithValues: ["search", "booking"].map { ($0, AsyncStream<String>.makeStream()) })
        (cancelled, cancelledContinuation) = AsyncStream.makeStream()
    }

    func open(_ name: String, _ answer: String) { streams[name]?.1.yield(answer) }

    func perform(_ work: Fetch) async -> PagerAction? {
        guard let stream = streams[work.name]?.0 else { return nil }
        var answers = stream.makeAsyncIterator()
        let answer = await withTaskCancellationHandler {
            await answers.next()
        } onCancel: { [cancelledContinuation] in
            cancelledContinuation.yield(work.name)
        }
        return .loaded(answer ?? "cancelled \(work.name)")
    }
}

@MainActor
@Suite("ScreenRunner: the one lifetime")
struct ScreenRunnerTests {
    func pager(_ terminal: VirtualTerminal, gate: Gate = Gate()) -> ScreenRunner<Pager> {
        ScreenRunner<Pager>(
            state: PagerState(), terminal: terminal, appearing: { .appeared },
            perform: { await gate.perform($0) }, leave: { _ in nil })
    }

    @Test("a key acts only when it means something; Esc is back; the whole page is drawn again after each key")
    func keys() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let runner = pager(terminal)
        let running = Task { await runner.run() }
        try await terminal.waitForOutput(containing: "Page 1")
        terminal.press(.character("x"), .character("n"))
        try await terminal.waitForOutput(containing: "Page 2")
        terminal.press(.escape)
        try await terminal.wait(for: "back to page 1") { _ in runner.state.page == 1 }
        #expect(runner.state.appeared == 1)
        terminal.press(.interrupt)
        // Ctrl-C is the module's to hear, and the composer's to act on: run() says so.
        #expect(await running.value == .interrupted)
        #expect(runner.state.ended)
    }

    @Test("one Ctrl-D asks for a second; another key keeps the screen; two in a row end it, and run() says it ended")
    func endAsksOnce() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let runner = pager(terminal)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.control("d"))
        try await terminal.waitForOutput(containing: KeyInput.endConfirmation)
        #expect(!runner.state.ended)
        terminal.press(.character("n"))
        try await terminal.waitForOutput(containing: "Page 2")
        #expect(!runner.state.ended)
        terminal.press(.control("d"), .control("d"))
        #expect(await running.value == .ended)
        #expect(runner.state.ended)
        #expect(runner.state.page == 2)
    }

    @Test("an answer that changes the question gives up the read under way, and the new question is asked")
    func answerInterruptsRead() async throws {
        let terminal = VirtualTerminal(isInteractive: false)
        let gate = Gate()
        let runner = pager(terminal, gate: gate)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        runner.send(.load(shielded: false))
        try await terminal.waitForOutput(containing: "loading")
        gate.open("search", "three offers")
        try await terminal.waitForOutput(containing: "Name:")
        terminal.enter("Ada")
        try await terminal.wait(for: "the name") { _ in runner.state.name == "Ada" }
        #expect(runner.state.answers == ["three offers"])
        running.cancel()
        _ = await running.value
    }

    @Test("a question that commits drops the keys typed before it was asked")
    func commitsDropTypedAhead() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let gate = Gate()
        let runner = pager(terminal, gate: gate)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        runner.send(.load(shielded: false))
        gate.open("search", "one offer")
        try await terminal.waitForOutput(containing: "Name:")
        // The `y` is typed before the booking question is asked: dropped.
        terminal.feed([.line("Ada"), .key(.character("y"))])
        try await terminal.waitForOutput(containing: "Book? y")
        try await terminal.waitUntilAwaitingInput()
        #expect(!runner.state.booked)
        terminal.press(.character("y"))
        #expect(await running.value == .done)
        #expect(runner.state.booked)
    }

    @Test("covered, the screen stops its work but the shielded, whose answer is kept, and is told it went")
    func coveredStopsWork() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let searches = Gate()
        let runner = ScreenRunner<Pager>(
            state: PagerState(), terminal: terminal, appearing: { .appeared },
            perform: { await searches.perform($0) }, leave: { _ in nil })
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        runner.send(.load(shielded: true))
        runner.send(.load(shielded: false))
        running.cancel()
        #expect(await running.value == .covered)
        var cancelled = searches.cancelled.makeAsyncIterator()
        #expect(await cancelled.next() == "search")
        searches.open("booking", "booked")
        await runner.settled()
        #expect(runner.state.disappeared == 1)
        #expect(Set(runner.state.answers) == ["booked", "cancelled search"])
    }

    @Test("covered while it reads, loads or waits, and let go, the runner is freed with everything it holds")
    func freedWhenLetGo() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let gate = Gate()
        weak var weakRunner: ScreenRunner<Pager>?
        do {
            let runner = pager(terminal, gate: gate)
            weakRunner = runner
            let running = Task { await runner.run() }
            try await terminal.waitUntilAwaitingInput()
            runner.send(.load(shielded: false))
            try await terminal.waitForOutput(containing: "loading")
            running.cancel()
            _ = await running.value
            await runner.settled()
        }
        #expect(weakRunner == nil)
    }
}
