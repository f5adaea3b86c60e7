#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the SIGINT handler reads lives in globals, as a signal handler can reach nothing else. The notices are copied
// into buffers of their own before the handler is armed, and the handler only writes them out.
nonisolated(unsafe) private var firstNotice = NoticeBuffer()
nonisolated(unsafe) private var secondNotice = NoticeBuffer()
nonisolated(unsafe) private var isHolding: sig_atomic_t = 0
nonisolated(unsafe) private var interruptsWhileHolding: sig_atomic_t = 0
nonisolated(unsafe) private let previousAction = cStructStorage(sigaction())

/// Holds Ctrl-C back while a change is on its way to the server (a booking, a cancellation, a payment): stopping
/// then would leave the traveller not knowing whether it was made. The first Ctrl-C says so and lets the answer
/// arrive; the app hears the interrupt once the work ends (the next read returns it). A second Ctrl-C stops at once,
/// saying how to find out.
@MainActor
enum InterruptShield {
    /// Starts holding Ctrl-C back; `notice` is written (on standard error) if it is pressed, `stopping` if it is
    /// pressed again.
    static func hold(notice: String, stopping: String) {
        guard isHolding == 0 else { return }
        firstNotice.set("\n" + UntrustedText.visible(notice) + "\n")
        secondNotice.set("\n" + UntrustedText.visible(stopping) + "\n")
        interruptsWhileHolding = 0
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in interruptWhileHolding() }
        #else
        action.__sigaction_u.__sa_handler = { _ in interruptWhileHolding() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        isHolding = 1
        _ = sigaction(SIGINT, &action, previousAction)
    }

    /// Stops holding Ctrl-C back; whether it was pressed meanwhile.
    static func release() -> Bool {
        guard isHolding != 0 else { return false }
        _ = sigaction(SIGINT, previousAction, nil)
        isHolding = 0
        let interrupted = interruptsWhileHolding > 0
        interruptsWhileHolding = 0
        return interrupted
    }
}

/// Runs on whatever thread takes the signal: only async-signal-safe calls.
private func interruptWhileHolding() {
    interruptsWhileHolding += 1
    if interruptsWhileHolding == 1 {
        firstNotice.emit(to: STDERR_FILENO)
        return
    }
    secondNotice.emit(to: STDERR_FILENO)
    TerminalMode.restore()
    _ = signal(SIGINT, SIG_DFL)
    _ = raise(SIGINT)
}

/// A fixed buffer a signal handler can write without allocating.
private struct NoticeBuffer {
    private static let capacity = 1024
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: NoticeBuffer.capacity)
    private var count = 0

    mutating func set(_ text: String) {
        let utf8 = Array(text.utf8.prefix(NoticeBuffer.capacity))
        utf8.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { bytes.update(from: base, count: source.count) }
        }
        count = utf8.count
    }

    func emit(to descriptor: Int32) {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
