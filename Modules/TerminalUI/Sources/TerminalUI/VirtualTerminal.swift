/// Input for a ``VirtualTerminal``, given up front or step by step.
public enum VirtualInput: Sendable, Equatable, Hashable {
    /// A line the user enters (on an interactive terminal: its characters, then Enter).
    case line(String)
    /// One key press.
    case key(KeyInput)
    /// The end of input: reads after everything before it return `.end`.
    case end
}

/// A terminal for tests: scripted input, captured output, a settable width and mode, and waits that await a real
/// condition (with a deadline) instead of sleeping.
///
/// ```swift
/// let terminal = VirtualTerminal(columns: 60)
/// let screen = builder.build(router: router, terminal: terminal)
/// let running = Task { await screen.run() }
/// try await terminal.waitForOutput(containing: "Where from?")
/// terminal.enter("LHR")
/// try await terminal.waitUntilAwaitingInput()
/// #expect(terminal.text.contains("London Heathrow"))
/// running.cancel()
/// ```
///
/// Input typed on an interactive virtual terminal goes through the same line editor as ``SystemTerminal``.
@MainActor
public final class VirtualTerminal: Terminal {
    /// Whether the terminal behaves as a TTY (keys, line editing, redraws) or as plain lines. Set it before
    /// entering input: ``enter(_:)`` turns a line into key presses only on an interactive terminal.
    public var isInteractive: Bool {
        didSet { conditionsMayHaveChanged() }
    }

    /// The width the terminal reports; change it to simulate a resize.
    public var columns: Int {
        didSet { conditionsMayHaveChanged() }
    }

    /// The height the terminal reports (24 unless set); change it to simulate a resize.
    public var rows: Int = 24 {
        didSet { conditionsMayHaveChanged() }
    }

    /// The style the terminal reports (``Style/plain`` unless given).
    public var style: Style

    /// The app-wide note progress shows beside its message (a rate-limit countdown); set it to simulate one.
    public var statusNote: String?

    /// When set, reads on an empty input return `.end` instead of waiting for more.
    public var endsWhenEmpty: Bool {
        didSet { if endsWhenEmpty { queue.releaseWaitersIfEmpty() } }
    }

    /// Everything written since creation or the last ``clearOutput()``, escape sequences included.
    public private(set) var output = ""

    /// Everything written with ``writeDiagnostic(_:)`` (standard error on a real terminal), ANSI stripped.
    public private(set) var diagnostics = ""

    /// ``output`` without ANSI escape sequences.
    public var text: String { TerminalText.stripANSI(output) }

    /// What a user would see: ``output`` with carriage returns, cursor moves and erasures applied, styles removed,
    /// without trailing spaces and trailing empty lines.
    public var screen: [String] { screenModel.lines }

    /// Whether a read is waiting and no input is queued: the screen is ready for the test's next step.
    public var isAwaitingInput: Bool {
        let status = queue.status
        return status.waiting > 0 && status.buffered == 0
    }

    /// How many queued inputs (lines on a plain terminal, keys on an interactive one) are still unread.
    public var pendingInputCount: Int { queue.status.buffered }

    private let queue: InputQueue
    private let reader: LineReader
    private var screenModel = VisibleScreen()
    private var waiters: [ConditionWaiter] = []
    private var lastWaiterID = 0

    private struct ConditionWaiter {
        let id: Int
        let isMet: @MainActor (VirtualTerminal) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        let deadline: Task<Void, Never>
    }

    /// A virtual terminal.
    ///
    /// - Parameters:
    ///   - columns: the width it reports.
    ///   - isInteractive: `true` to behave as a TTY.
    ///   - style: the style it reports; tests that check colours pass ``Style/ansi``.
    ///   - input: input queued up front.
    ///   - endsWhenEmpty: reads return `.end` once the input is used up, instead of waiting.
    public init(
        columns: Int = 80,
        isInteractive: Bool = false,
        style: Style = .plain,
        input: [VirtualInput] = [],
        endsWhenEmpty: Bool = false
    ) {
        self.columns = columns
        self.isInteractive = isInteractive
        self.style = style
        self.endsWhenEmpty = endsWhenEmpty
        // The queue reports from whichever thread a reader is on; the waits are checked on the main actor.
        let notifier = WeakNotifier()
        self.queue = InputQueue { notifier.notify() }
        self.reader = LineReader(queue: queue)
        notifier.terminal = self
        feed(input)
    }

    // MARK: Terminal

    /// Appends `text` to ``output``.
    public func write(_ text: String) {
        output += text
        screenModel.write(text)
        conditionsMayHaveChanged()
    }

    /// What a Ctrl-C would say while a change is on its way (``holdInterrupts(notice:stopping:)``); `nil` when none
    /// is, so a test sees that a booking holds Ctrl-C back and lets it go.
    public private(set) var interruptNotice: String?

    /// The question the screen asks now, told by ``Terminal/asking(_:)``; `nil` between questions. See
    /// ``waitForQuestion(timeout:)`` and ``answer(_:)``.
    public private(set) var question: AskedQuestion?

    public func asking(_ question: AskedQuestion?) {
        self.question = question
        conditionsMayHaveChanged()
    }

    public func holdInterrupts(notice: String, stopping: String) { interruptNotice = notice }
    public func releaseInterrupts() { interruptNotice = nil }

    /// When interactive, drops the queued keys not read yet (as a real TTY drops type-ahead); nothing otherwise: on
    /// a terminal that is not interactive, queued lines are a script written in advance and still answer.
    public func discardPendingInput() {
        guard isInteractive else { return }
        queue.discardBuffered()
        conditionsMayHaveChanged()
    }

    /// Appends `text` to ``diagnostics``.
    public func writeDiagnostic(_ text: String) {
        diagnostics += TerminalText.stripANSI(text)
        conditionsMayHaveChanged()
    }

    /// Reads a line from the scripted input, through the line editor when keys are queued.
    public func readLine(prompt: String, default defaultValue: String?) async -> LineInput {
        await reader.readLine(prompt: prompt, default: defaultValue, on: self, endingWhenEmpty: endsWhenEmpty)
    }

    /// Reads the next scripted key, or the next line as `.line` on a plain terminal.
    public func readKey() async -> KeyInput {
        await reader.readKey(endingWhenEmpty: endsWhenEmpty)
    }

    // MARK: Scripting input

    /// Queues a line: on an interactive terminal its characters and Enter, otherwise the line itself.
    public func enter(_ line: String) {
        feed([.line(line)])
    }

    /// Queues the characters of `text` as key presses, without Enter.
    public func type(_ text: String) {
        queue.push(text.map { .key(.character($0)) })
        conditionsMayHaveChanged()
    }

    /// Queues key presses.
    public func press(_ keys: KeyInput...) {
        queue.push(keys.map { .key($0) })
        conditionsMayHaveChanged()
    }

    /// Ends the input: once what is queued has been read, every read returns `.end`.
    public func endInput() {
        queue.finish()
        conditionsMayHaveChanged()
    }

    /// Queues inputs in order; nothing after an `.end` is read.
    public func feed(_ inputs: [VirtualInput]) {
        for input in inputs {
            switch input {
            case .line(let line) where isInteractive:
                queue.push(line.map { .key(.character($0)) } + [.key(.enter)])
            case .line(let line):
                queue.push([.line(line)])
            case .key(let key):
                queue.push([.key(key)])
            case .end:
                queue.finish()
            }
        }
        conditionsMayHaveChanged()
    }

    /// Forgets the output so far, so the next waits and checks see only what comes after.
    public func clearOutput() {
        output = ""
        screenModel = VisibleScreen()
        conditionsMayHaveChanged()
    }

    // MARK: Awaiting

    /// Waits until ``text`` contains `fragment`.
    ///
    /// - Throws: ``VirtualTerminalTimeout`` if it has not appeared by `timeout`.
    public func waitForOutput(containing fragment: String, timeout: Duration = .seconds(30)) async throws {
        try await wait(for: "output containing \"\(fragment)\"", timeout: timeout) { $0.text.contains(fragment) }
    }

    /// Waits until a read is waiting and no input is queued: the screen has handled everything given to it.
    ///
    /// - Throws: ``VirtualTerminalTimeout`` if that has not happened by `timeout`.
    public func waitUntilAwaitingInput(timeout: Duration = .seconds(30)) async throws {
        try await wait(for: "the screen to await input", timeout: timeout) { $0.isAwaitingInput }
    }

    /// Waits until `condition` holds, checking it whenever output is written or input is read.
    ///
    /// - Parameters:
    ///   - description: what is awaited, for the timeout message.
    ///   - timeout: how long to wait before failing (times `FLIGHTS_TEST_TIMEOUT_SCALE`, 1 unless a slow build sets
    ///     it).
    ///   - condition: checked on the main actor.
    /// - Throws: ``VirtualTerminalTimeout`` if `condition` does not hold by `timeout`, or the waiting task is
    ///   cancelled first.
    public func wait(
        for description: String,
        timeout: Duration = .seconds(30),
        until condition: @escaping @MainActor (VirtualTerminal) -> Bool
    ) async throws {
        if condition(self) { return }
        lastWaiterID += 1
        let id = lastWaiterID
        let met = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let deadline = Task { [weak self] in
                    // A deadline, not a stand-in for awaiting: the wait normally ends far earlier, and then this
                    // task is cancelled.
                    try? await Task.sleep(for: timeout * Self.deadlineScale)
                    self?.resolve(id, met: false)
                }
                waiters.append(ConditionWaiter(id: id, isMet: condition, continuation: continuation, deadline: deadline))
                // The condition may have become true between the first check and now only through this actor, which
                // we never left; still, check once more so a wait can never miss a change.
                conditionsMayHaveChanged()
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.resolve(id, met: false) }
        }
        if !met {
            throw VirtualTerminalTimeout(condition: description, timeout: timeout * Self.deadlineScale, screen: screen)
        }
    }

    private func resolve(_ id: Int, met: Bool) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters.remove(at: index)
        waiter.deadline.cancel()
        waiter.continuation.resume(returning: met)
    }

    fileprivate func conditionsMayHaveChanged() {
        guard !waiters.isEmpty else { return }
        for waiter in waiters where waiter.isMet(self) {
            resolve(waiter.id, met: true)
        }
    }
}

/// Lets the input queue, which may report from any thread, reach the terminal on the main actor without the
/// terminal and its queue owning each other.
private final class WeakNotifier: Sendable {
    @MainActor weak var terminal: VirtualTerminal?

    nonisolated func notify() {
        Task { @MainActor in self.terminal?.conditionsMayHaveChanged() }
    }
}
