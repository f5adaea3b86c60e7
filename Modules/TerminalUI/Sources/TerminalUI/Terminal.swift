/// A screen the App's navigator can show: a module's View.
///
/// `run()` shows the screen and handles its input until the running task is cancelled (the navigator covered or
/// removed it: return promptly), the screen has nothing left to do, or the person ends it (Ctrl-C, the end of the
/// input), and says which. The navigator calls `run()` again when the screen is back on top, so `run()` must
/// re-display current state.
@MainActor
public protocol Screen: AnyObject {
    /// Shows the screen and handles its input until the task is cancelled, the screen is done, or the person ends
    /// it; returns how it ended, for the composer to act on (Ctrl-C or the end of the input ends a whole flow).
    @discardableResult
    func run() async -> ScreenExit
}

/// How a screen's ``Screen/run()`` ended: what its composer acts on, typed, rather than read from what the screen
/// wrote.
public enum ScreenExit: Sendable, Hashable {
    /// Nothing was left to ask: the screen left by a way out, or has nothing more to do.
    case done
    /// Its task was cancelled: covered or removed by the composer. `run()` again shows it as it was.
    case covered
    /// The person pressed Ctrl-C at a question (exit status 130 for a command-line app, as for a shell's SIGINT).
    case interrupted
    /// The input ended: the end of a pipe, or Ctrl-D pressed again after the screen asked.
    case ended
}

/// The terminal a View talks to.
///
/// Implemented by ``SystemTerminal`` (the real one) and ``VirtualTerminal`` (tests). Reads are cancellation-safe:
/// a cancelled read returns `.cancelled` and consumes no input, so keys typed ahead stay for the next reader.
@MainActor
public protocol Terminal: AnyObject {
    /// A TTY with raw-mode keys; `false` means plain lines (pipes, scripts).
    var isInteractive: Bool { get }
    /// The current width in columns (80 when unknown).
    var columns: Int { get }
    /// The current height in rows (24 when unknown), so a list can be paged to fit the screen.
    var rows: Int { get }
    /// How to style text here: colour is on only for a TTY without `NO_COLOR`.
    var style: Style { get }
    /// Writes `text` as it is; no newline is added.
    func write(_ text: String)
    /// Writes a message for the person rather than for a program reading the output (progress, errors while
    /// the output is JSON): standard error on a real terminal. No newline is added.
    func writeDiagnostic(_ text: String)
    /// Shows `prompt` and reads one line of input, offering `default` when the user just presses Enter.
    ///
    /// On a TTY the line can be edited; Esc returns `.back`, Ctrl-C `.interrupt`, Ctrl-D on an empty line `.end`.
    func readLine(prompt: String, default: String?) async -> LineInput
    /// Reads one key. On a non-interactive terminal a whole line is read and returned as `.line`.
    func readKey() async -> KeyInput
    /// On a TTY, drops the keys typed ahead and not read yet, so a question that commits something (a price, a
    /// booking, a cancellation) is answered by a key pressed after it was asked. Does nothing elsewhere: piped
    /// input is a script, written in advance on purpose.
    func discardPendingInput()
    /// A short note about the whole app's state that progress shows beside its own message (a wait for the
    /// server's rate limit, with its countdown); `nil` when there is none.
    var statusNote: String? { get }
    /// While a change is on its way to the server, holds Ctrl-C back: pressed once it shows `notice` and is returned
    /// by the first read after ``releaseInterrupts()``; pressed again it shows `stopping` and ends the process.
    func holdInterrupts(notice: String, stopping: String)
    /// Stops holding Ctrl-C back (see ``holdInterrupts(notice:stopping:)``). Required, not defaulted: a terminal
    /// that wraps another must pass both on, or Ctrl-C would end a booking unseen.
    func releaseInterrupts()
    /// Told the question a screen asks before it reads the answer, and `nil` once the answer is read, so a terminal
    /// that scripts a screen (``VirtualTerminal``) can answer by the question's kind rather than by its printed words.
    /// A terminal that wraps another passes it on; the default does nothing.
    func asking(_ question: AskedQuestion?)
}

extension Terminal {
    public var statusNote: String? { nil }
    public func asking(_ question: AskedQuestion?) {}
}

/// A question a screen asks, as its terminal is told it (``Terminal/asking(_:)``): its words, and how it is answered.
/// The words differ between a TTY and a line terminal (a list is a menu of keys on one and a numbered prompt on the
/// other); the kind does not.
public struct AskedQuestion: Sendable, Hashable {
    /// How the question is answered.
    public enum Kind: Sendable, Hashable {
        /// A line of text and Enter; Enter alone takes `default`.
        case line(default: String?)
        /// A single key, acting at once (a line off a TTY): `y`, `n`, a letter the prompt names.
        case keys
        /// One of `options` items of a list, `selected` marked at first.
        case choice(options: Int, selected: Int)
    }

    /// What is asked: a prompt, or a list's title.
    public var prompt: String
    /// How it is answered.
    public var kind: Kind

    /// A question worded `prompt`, answered as `kind` says.
    public init(_ prompt: String, kind: Kind) {
        self.prompt = prompt
        self.kind = kind
    }
}

/// The outcome of ``Terminal/readLine(prompt:default:)``.
public enum LineInput: Sendable, Equatable, Hashable {
    /// A line was entered (the default when the line was empty and there is one).
    case text(String)
    /// The user asked to go back (Esc on a TTY).
    case back
    /// The user pressed Ctrl-C.
    case interrupt
    /// The input ended (end of file, or Ctrl-D on an empty line).
    case end
    /// The reading task was cancelled; no input was consumed.
    case cancelled
}

/// One key read by ``Terminal/readKey()``.
public enum KeyInput: Sendable, Equatable, Hashable {
    /// A printable character, space included.
    case character(Character)
    /// Enter or Return.
    case enter
    /// Esc on its own.
    case escape
    /// Tab.
    case tab
    /// Backspace (the key that deletes before the cursor).
    case backspace
    /// Delete (the key that deletes under the cursor).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End (the key; the end of input is ``end``).
    case endKey
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Ctrl with a letter, lowercased (`.control("d")` for Ctrl-D), for those not named above.
    case control(Character)
    /// Ctrl-C.
    case interrupt
    /// A whole line: what a non-interactive terminal returns instead of keys.
    case line(String)
    /// The input ended (end of file).
    case end
    /// The reading task was cancelled; no input was consumed.
    case cancelled
}

extension Terminal {
    /// Reads a line with no default.
    public func readLine(prompt: String) async -> LineInput {
        await readLine(prompt: prompt, default: nil)
    }

    /// Writes `text` followed by a newline.
    public func writeLine(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes each line followed by a newline.
    public func writeLines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n")
    }

    /// Renders `block` at this terminal's width and style and writes its lines.
    public func display(_ block: any Renderable) {
        writeLines(block.render(width: columns, style: style))
    }

    /// Clears the screen and moves to its top-left corner; does nothing on a non-interactive terminal, where the
    /// output is a log that should keep everything.
    public func clearScreen() {
        guard isInteractive else { return }
        write(ANSI.clearScreen)
    }
}

extension KeyInput {
    /// What a screen shows after a first Ctrl-D (`.control("d")`) where nothing is typed: a second one in a row ends,
    /// so one slip never drops what a form holds. The line editor and lists ask it themselves; a screen that reads
    /// single keys shows it too.
    public static let endConfirmation = "Press Ctrl-D again to leave."
}
