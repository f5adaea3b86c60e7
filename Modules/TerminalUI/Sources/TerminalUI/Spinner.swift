/// A progress indicator for work whose length is unknown (a search, a booking).
///
/// On an interactive terminal it animates on one line until stopped, then clears that line. Elsewhere it writes
/// its message once, as a line, so logs show what the program was doing.
///
/// ```swift
/// let spinner = terminal.startSpinner("Searching flights…")
/// let offers = await presenter.search()
/// spinner.stop()
/// ```
///
/// Stop it before reading input: the animation and a prompt would share the line.
@MainActor
public final class Spinner {
    /// Whether the spinner is showing (started and not yet stopped).
    public private(set) var isRunning = true

    private let terminal: any Terminal
    private var message: String
    private var frame = 0
    private var animation: Task<Void, Never>?

    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private static let interval = Duration.milliseconds(80)

    /// Starts a spinner showing `message` on `terminal`.
    public init(_ message: String, on terminal: any Terminal) {
        self.terminal = terminal
        self.message = message
        guard terminal.isInteractive else {
            terminal.writeLine(message)
            return
        }
        draw()
        animation = Task { [weak self] in
            while !Task.isCancelled {
                // The pause between frames is the animation itself, not a wait for something to happen.
                do { try await Task.sleep(for: Self.interval) } catch { return }
                guard let self, self.isRunning else { return }
                self.frame = (self.frame + 1) % Self.frames.count
                self.draw()
            }
        }
    }

    deinit {
        animation?.cancel()
    }

    /// Changes the message while it spins (written as a new line off a TTY).
    public func update(_ message: String) {
        guard isRunning, message != self.message else { return }
        self.message = message
        if terminal.isInteractive {
            draw()
        } else {
            terminal.writeLine(message)
        }
    }

    /// Stops the spinner and clears its line; writes `finalMessage` on a line of its own if given. Stopping
    /// twice does nothing.
    public func stop(_ finalMessage: String? = nil) {
        guard isRunning else { return }
        isRunning = false
        animation?.cancel()
        animation = nil
        if terminal.isInteractive { terminal.write("\r" + ANSI.eraseLine) }
        if let finalMessage { terminal.writeLine(finalMessage) }
    }

    private func draw() {
        let style = terminal.style
        let line = terminal.statusNote.map { "\(message) · \($0)" } ?? message
        // Never wider than the line, so the carriage return always gets back to the spinner's own start.
        let text = TerminalText.truncate(line, toWidth: max(1, terminal.columns - 3))
        terminal.write("\r" + style.accent(Self.frames[frame]) + " " + text + ANSI.eraseToEndOfLine)
    }
}

extension Terminal {
    /// Starts a ``Spinner`` showing `message`; keep the handle and call ``Spinner/stop(_:)`` when done.
    public func startSpinner(_ message: String) -> Spinner {
        Spinner(message, on: self)
    }
}
