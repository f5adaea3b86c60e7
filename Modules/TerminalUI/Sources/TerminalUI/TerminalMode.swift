#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The saved terminal modes live in globals because a signal handler and an `atexit` hook can reach nothing else.
// They are written only on the main actor, before the handlers that read them can run, and read by those handlers.
nonisolated(unsafe) private let originalMode = cStructStorage(termios())
nonisolated(unsafe) private let rawMode = cStructStorage(termios())
nonisolated(unsafe) private var modeDescriptor: Int32 = -1
nonisolated(unsafe) private var isRawModeActive = false
nonisolated(unsafe) private var areHandlersInstalled = false

/// Puts the controlling terminal into the raw-ish mode the line editor needs and guarantees it comes back.
///
/// The original mode is restored at normal exit (`atexit`), on SIGINT, SIGTERM, SIGHUP and SIGQUIT (then the
/// signal's default action runs, so the exit status still says what happened), around a Ctrl-Z suspension, and
/// by ``restore()``.
@MainActor
enum TerminalMode {
    /// Switches `descriptor` to raw input: no echo, no line buffering, no flow control. Output processing stays on
    /// so a newline still returns the carriage. Only the first call saves the original mode.
    static func enterRaw(_ descriptor: Int32) -> Bool {
        if isRawModeActive { return true }
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0 else { return false }
        originalMode.pointee = mode
        mode.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        mode.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &mode.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        rawMode.pointee = mode
        modeDescriptor = descriptor
        installHandlersOnce()
        guard tcsetattr(descriptor, TCSANOW, rawMode) == 0 else { return false }
        isRawModeActive = true
        return true
    }

    /// Whether Ctrl-C and Ctrl-Z act as signals (between reads, so a long operation can be interrupted) or arrive
    /// as keys (while a View reads, so it can treat Ctrl-C as an answer).
    static func setSignalKeys(enabled: Bool) {
        guard isRawModeActive else { return }
        if enabled {
            rawMode.pointee.c_lflag |= tcflag_t(ISIG)
        } else {
            rawMode.pointee.c_lflag &= ~tcflag_t(ISIG)
        }
        _ = tcsetattr(modeDescriptor, TCSANOW, rawMode)
    }

    /// Puts the terminal back the way it was before ``enterRaw(_:)``.
    nonisolated static func restore() {
        restoreOriginalMode()
    }

    private static func installHandlersOnce() {
        guard !areHandlersInstalled else { return }
        areHandlersInstalled = true
        installExitAndSignalHandlers()
    }
}

/// Outside the main actor on purpose: `exit` runs its hooks, and signals run their handlers, on whatever thread
/// ends the process or takes the signal. Closures written in a main-actor context would carry a main-actor check
/// and trap there (an `exit(130)` from a worker thread did).
private func installExitAndSignalHandlers() {
    atexit { restoreOriginalMode() }
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
        _ = signal(signalNumber) { received in
            restoreOriginalMode()
            _ = signal(received, SIG_DFL)
            _ = raise(received)
        }
    }
    _ = signal(SIGTSTP) { _ in suspend() }
    _ = signal(SIGCONT) { _ in resume() }
}

private func restoreOriginalMode() {
    guard isRawModeActive else { return }
    isRawModeActive = false
    _ = tcsetattr(modeDescriptor, TCSANOW, originalMode)
}

/// Ctrl-Z between reads: hand the shell a normal terminal, then stop.
private func suspend() {
    if isRawModeActive { _ = tcsetattr(modeDescriptor, TCSANOW, originalMode) }
    _ = signal(SIGTSTP, SIG_DFL)
    // SIGTSTP is blocked while its handler runs; unblock it so the raise below stops the process right here.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &signals, nil)
    _ = raise(SIGTSTP)
}

/// Back in the foreground after a suspension: take raw mode again and re-arm the suspension handler.
private func resume() {
    _ = signal(SIGTSTP) { _ in suspend() }
    if isRawModeActive { _ = tcsetattr(modeDescriptor, TCSANOW, rawMode) }
}

/// `value` in memory of its own for the whole run: the C structs that signal handlers and `atexit` hooks read. Not a
/// global of the struct's type: Swift 6.3 lays such a global out without the struct's inner padding (57 bytes for
/// `termios`'s 60, 148 for `sigaction`'s 152), so `tcgetattr`, `sigaction` and every copy into it wrote past its end,
/// over the globals linked after it (here the raw-mode flags; AddressSanitizer caught it under `scripts/sanitize`).
func cStructStorage<Struct>(_ value: Struct) -> UnsafeMutablePointer<Struct> {
    let storage = UnsafeMutablePointer<Struct>.allocate(capacity: 1)
    storage.initialize(to: value)
    return storage
}
