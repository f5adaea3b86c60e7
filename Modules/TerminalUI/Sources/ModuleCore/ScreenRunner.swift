public import TerminalUI

/// Runs one module's screen, the same way for every module: the one lifetime, in code.
///
/// `run()` sends the action its Builder says a screen shown sends (`appearing`), then, until the screen is covered or has nothing left to do: draws the
/// page when it changed, asks the question ``ScreenFeature/screen(_:)`` derives from the state, and sends what the
/// answer means (``ScreenFeature/action(for:in:)``). Effects run as they come: work beside the screen (a newer piece
/// under the same id replaces the one running; its answer comes back as an action), notes and blocks on the
/// terminal, ways out through the router. When the answer to some work changes what is on screen while a question
/// is being read, the read is given up (no key is lost) and the new screen asked. Covered or popped (its task
/// cancelled), the screen stops its work, except the shielded, and sends ``ScreenFeature/disappeared``. With
/// nothing to ask and no work under way, `run()` returns `ScreenExit.done`. Ctrl-C at a question, or the end of
/// the input, is sent to the module (``ScreenInput/interrupted``, ``ScreenInput/ended``); once the ways out its
/// answer started have reached the router, `run()` returns saying so (`ScreenExit.interrupted`,
/// `ScreenExit.ended`), asking nothing more: the composer ends its flow on it, from a typed answer rather than the
/// text a screen wrote.
///
/// `?` is help at every question: the runner shows the question's ``ScreenQuestion/help`` and asks it again (see
/// ``ScreenQuestion`` for the one exception, a module's own `?` key). Keys typed ahead are dropped before a question
/// that commits something; Esc is ``ScreenInput/back``, Ctrl-C
/// ``ScreenInput/interrupted``, and on a key question one Ctrl-D asks for a second before it is
/// ``ScreenInput/ended``, as the line editor and lists ask.
@MainActor
public final class ScreenRunner<Feature: ScreenFeature>: Screen {
    /// Does one piece of work (a service call) and returns the action that answers it, if any.
    public typealias Perform = @Sendable (Feature.Work) async -> Feature.Action?
    /// Leaves through the router; returns the action a way out answers with (another screen's result), if any.
    public typealias Leave = @MainActor (Feature.Route) async -> Feature.Action?

    private let store: Store<Feature>
    private let terminal: any Terminal
    /// What draws the page, notes and blocks.
    public let painter: ScreenPainter
    private let perform: Perform
    private let leave: Leave
    private let appearing: @MainActor () -> Feature.Action
    private let tasks = EffectTasks<Feature.Work.ID>()
    /// Work and ways out whose answer has not come back yet.
    private var pending = 0
    /// Ways out whose router call has not returned yet.
    private var leaving = 0
    private var reading: Task<ScreenInput?, Never>?
    /// The screen as it was when the read under way began.
    private var readingModel: ScreenModel?
    /// A note or block was written while a question was being read.
    private var paintedDuringRead = false
    private var waiting: CheckedContinuation<Void, Never>?
    private var askedLast: ScreenQuestion?
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    /// A screen starting at `state` on `terminal`. `appearing` makes the action sent each time the screen is shown,
    /// first and again when it comes back on top, with what it reads from outside (the time, today's date);
    /// `perform` does the module's work (its services); `leave` its ways out (its router, held weakly). With a
    /// `recorder`, every step is recorded. A screen is for a person: everything it shows goes to standard output.
    public init(
        state: Feature.State, terminal: any Terminal, recorder: SessionRecorder? = nil,
        appearing: @escaping @MainActor () -> Feature.Action,
        perform: @escaping Perform, leave: @escaping Leave
    ) {
        self.appearing = appearing
        self.store = Store(state, recorder: recorder)
        self.terminal = terminal
        self.painter = ScreenPainter(terminal: terminal, outputIsForPrograms: false)
        self.perform = perform
        self.leave = leave
    }

    /// Everything the screen knows now.
    public var state: Feature.State { store.state }

    // MARK: Screen

    @discardableResult
    public func run() async -> ScreenExit {
        // The page first, as the state has it once shown; then what appearing starts (progress, work) below it.
        let effects = store.reduce(appearing())
        painter.draw(Feature.screen(state), again: true)
        changed()
        for effect in effects { start(effect) }
        while !Task.isCancelled {
            let model = Feature.screen(state)
            painter.draw(model)
            guard let question = model.question else {
                if pending == 0 { break }
                await nextChange()
                continue
            }
            guard let input = await read(question) else { continue }
            if Self.asksForHelp(input, at: question, in: state) {
                // Shown below the question, which is asked again as it was: the page stays, nothing is sent.
                showHelp(for: question)
                continue
            }
            // A whole page stands above its question: answered, it is drawn again, whatever the answer changed.
            if model.layout == .whole { painter.pageCovered() }
            if let action = Feature.action(for: input, in: state) { send(action) }
            let exit: ScreenExit
            switch input {
            case .interrupted: exit = .interrupted
            case .ended: exit = .ended
            default: continue
            }
            // The person ended it: what the module answered reaches the router, and nothing more is asked.
            while leaving > 0, !Task.isCancelled { await nextChange() }
            return exit
        }
        guard Task.isCancelled else { return .done }
        disappear()
        return .covered
    }

    /// Sends `action` through the rules and starts what follows.
    public func send(_ action: Feature.Action) {
        let effects = store.reduce(action)
        changed()
        for effect in effects { start(effect) }
    }

    /// Returns when no work or way out started by this screen is waiting for its answer.
    public func settled() async {
        guard pending > 0 else { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }

    // MARK: Effects

    private func start(_ effect: Feature.Effect) {
        switch effect {
        case .run(let work):
            pending += 1
            let perform = perform
            let operation: @Sendable () async -> Feature.Action? = { await perform(work) }
            if work.isShielded {
                // A change on its way to the server is answered, and its answer kept, even if the screen went.
                Task { [self] in finish(await tasks.run(work.id, shielded: true, operation)) }
            } else {
                Task { [weak self, tasks] in
                    let answer = await tasks.run(work.id, operation)
                    self?.finish(answer)
                }
            }
        case .cancel(let id):
            tasks.cancel(id)
        case .note, .print:
            painter.paint(effect)
            if reading != nil { paintedDuringRead = true }
            changed()
        case .leave(let route):
            pending += 1
            leaving += 1
            let leave = leave
            Task { [weak self] in
                let answer = await leave(route)
                self?.leaving -= 1
                self?.finish(answer)
            }
        }
    }

    private func finish(_ answer: Feature.Action?) {
        pending -= 1
        if let answer { send(answer) } else { changed() }
        if pending == 0 {
            let waiters = settledWaiters
            settledWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Something was sent or drawn. A read under way is given up when the screen is no longer what it was when the
    /// read began, or something was written after its prompt (ask again below it); a wait ends.
    private func changed() {
        if let reading, paintedDuringRead || Feature.screen(state) != readingModel {
            reading.cancel()
        }
        waiting?.resume()
        waiting = nil
    }

    private func nextChange() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else { waiting = continuation }
            }
        } onCancel: {
            Task { @MainActor [weak self] in
                self?.waiting?.resume()
                self?.waiting = nil
            }
        }
    }

    private func disappear() {
        reading?.cancel()
        tasks.cancelAll()
        painter.writer.stopSpinner()
        painter.pageCovered()
        askedLast = nil
        if let disappeared = Feature.disappeared { send(disappeared) }
    }

    // MARK: Reading

    /// Reads the answer to `question`; `nil` when the read was given up (the screen moved, or was covered).
    private func read(_ question: ScreenQuestion) async -> ScreenInput? {
        if question.commits, question != askedLast { terminal.discardPendingInput() }
        askedLast = question
        readingModel = Feature.screen(state)
        paintedDuringRead = false
        let reader = Task { [weak self] () -> ScreenInput? in await self?.ask(question) }
        reading = reader
        terminal.asking(AskedQuestion(question))
        let input = await withTaskCancellationHandler { await reader.value } onCancel: { reader.cancel() }
        terminal.asking(nil)
        if reading == reader {
            reading = nil
            readingModel = nil
        }
        return input
    }

    private func showHelp(for question: ScreenQuestion) {
        painter.show(Self.help(for: question, interactive: terminal.isInteractive))
    }

    private func ask(_ question: ScreenQuestion) async -> ScreenInput? {
        let help: @MainActor () -> Void = { [weak self] in self?.showHelp(for: question) }
        switch question.kind {
        case .line(let value):
            return Self.input(from: await terminal.readLine(prompt: question.prompt, default: value))
        case .checked(let value):
            let answer = await terminal.ask(question.prompt, default: value) { [weak self] answer in
                guard let self, !Self.asksForHelp(.line(answer), at: question, in: state) else { return nil }
                return Feature.problem(with: answer, in: state).map(UntrustedText.visible)
            }
            return Self.input(from: answer.map { ScreenInput.line($0) })
        case .choice(let options, let selected):
            let visible = options.map(UntrustedText.visible)
            let answer = await terminal.choose(
                UntrustedText.visible(question.prompt), options: visible, default: selected, help: help)
            return Self.input(from: answer.map { ScreenInput.chose($0) })
        case .table(let table, let selected):
            let answer = await terminal.choose(
                UntrustedText.visible(question.prompt), from: ScreenBlock.visible(table), default: selected, help: help)
            return Self.input(from: answer.map { ScreenInput.chose($0) })
        case .keys:
            guard terminal.isInteractive else {
                return Self.input(from: await terminal.readLine(prompt: question.prompt, default: nil))
            }
            return await readKey(question)
        }
    }

    /// Keys until one means something here. One Ctrl-D asks for a second, so a slip never drops what the screen
    /// holds: the question stands on the prompt's line until the next key takes it away.
    private func readKey(_ question: ScreenQuestion) async -> ScreenInput? {
        // A prompt wider than the terminal is wrapped between words; its last line stays the prompt the key is
        // read after (and the one written again after a Ctrl-D asked), so the keys it names stay beside the cursor.
        var lines = TerminalText.wrap(UntrustedText.visible(question.prompt), toWidth: max(20, terminal.columns - 2))
        let shown = lines.popLast() ?? ""
        for line in lines { terminal.writeLine(terminal.style.bold(line)) }
        if !shown.isEmpty { terminal.write(terminal.style.bold(shown) + " ") }
        var endAsked = false
        let blank = "\r" + String(repeating: " ", count: max(0, terminal.columns - 1)) + "\r"
        func endLine() { if !shown.isEmpty { terminal.writeLine() } }
        while true {
            let key = await terminal.readKey()
            if endAsked {
                terminal.write(blank + (shown.isEmpty ? "" : terminal.style.bold(shown) + " "))
            }
            let askingToEnd = key == .control("d") && !endAsked
            endAsked = askingToEnd
            switch key {
            case .control("d") where askingToEnd:
                let room = max(1, terminal.columns - TerminalText.displayWidth(of: shown) - 2)
                terminal.write(terminal.style.dim(TerminalText.truncate(KeyInput.endConfirmation, toWidth: room)))
            case .control("d"), .end:
                endLine()
                return .ended
            case .interrupt:
                endLine()
                return .interrupted
            case .escape:
                endLine()
                return .back
            case .cancelled:
                if !shown.isEmpty { terminal.write(blank) }
                return nil
            case .line(let line):
                return .line(line)
            default:
                guard Self.asksForHelp(.key(key), at: question, in: state) || Feature.action(for: .key(key), in: state) != nil
                else { continue }
                endLine()
                return .key(key)
            }
        }
    }
}
