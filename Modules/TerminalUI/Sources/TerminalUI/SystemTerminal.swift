#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's real terminal: standard input and output.
///
/// Where both are a TTY (and `TERM` is not `dumb`) it is interactive: input is read in raw mode as keys, and
/// ``readLine(prompt:default:)`` offers a line editor (cursor keys, Home/End, Ctrl-U, Ctrl-W, per-prompt history).
/// Otherwise it reads plain lines, still writing prompts, without escape sequences.
///
/// Input is read by a background thread into a queue, so waiting for the user never blocks the main actor: a
/// spinner keeps turning and a cancelled read returns at once. On a TTY, raw mode starts when the terminal is created
/// and is undone by ``close()``, at exit, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT. Between reads Ctrl-C is a
/// signal (so it interrupts a long operation); during a read it is the key `.interrupt`.
///
/// Create one per process, in the App, and hand it to the module Builders.
@MainActor
public final class SystemTerminal: Terminal {
    /// Whether input is read as keys in raw mode (both standard input and output are a TTY).
    public let isInteractive: Bool

    /// The style for this terminal: colour only when interactive and `NO_COLOR` is not set.
    public let style: Style

    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let environment: [String: String]
    private let reader: LineReader
    private var pump: InputPump?
    private var isClosed = false
    /// Reads in progress; more than one only while a cancelled read is still winding down.
    private var activeReads = 0

    /// The terminal on standard input and output, configured by the process environment.
    public convenience init() {
        self.init(environment: ProcessInfo.processInfo.environment)
    }

    /// The terminal on standard input and output.
    ///
    /// - Parameter environment: where `NO_COLOR`, `TERM` and `COLUMNS` are read from.
    public convenience init(environment: [String: String]) {
        self.init(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO, environment: environment)
    }

    /// A terminal on the given descriptors (tests use pipes). The descriptors stay owned by the caller.
    init(inputDescriptor: Int32, outputDescriptor: Int32, environment: [String: String]) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        self.environment = environment
        let isTTY = isatty(inputDescriptor) == 1 && isatty(outputDescriptor) == 1
        // Raw mode starts now rather than at the first read, so keys typed while the first screen is being built
        // are neither echoed nor held back in the kernel's line buffer.
        self.isInteractive = isTTY && environment["TERM"] != "dumb" && TerminalMode.enterRaw(inputDescriptor)
        self.style = Style.detect(isInteractive: isInteractive, environment: environment)
        self.reader = LineReader(queue: InputQueue())
    }

    deinit {
        pump?.stop()
        if isInteractive, !isClosed { TerminalMode.restore() }
    }

    /// The current width: from the TTY (re-read each time, so a resize is honoured), else `COLUMNS`, else 80.
    public var columns: Int {
        var size = winsize()
        for descriptor in [outputDescriptor, inputDescriptor] where isatty(descriptor) == 1 {
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let value = environment["COLUMNS"].flatMap({ Int($0) }), value > 0 { return value }
        return 80
    }

    /// On a TTY, drops the keys typed ahead and not read yet; nothing off a TTY.
    public func discardPendingInput() {
        if isInteractive { reader.queue.discardBuffered() }
    }

    /// The current height: from the TTY (re-read each time), else `LINES`, else 24.
    public var rows: Int {
        var size = winsize()
        for descriptor in [outputDescriptor, inputDescriptor] where isatty(descriptor) == 1 {
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        }
        if let value = environment["LINES"].flatMap({ Int($0) }), value > 0 { return value }
        return 24
    }

    /// Why standard output could not be written, once it could not (a full disk, an I/O error), so the command can
    /// fail rather than end as if all was shown. A reader that went away (a closed pipe) is not a failure.
    public private(set) var outputFailure: String?

    /// Ctrl-C was pressed while a change was on its way; the next read returns it.
    private var heldInterrupt = false

    /// Writes `text` to standard output at once (no buffering, so a prompt shows before the read).
    public func write(_ text: String) {
        writeAll(text, to: outputDescriptor)
    }

    /// Writes `text` to standard error at once. Diagnostics are plain text (never styled), so any control sequence in
    /// them came from text we did not write (a path, an argument, a server's message): it is shown visibly.
    public func writeDiagnostic(_ text: String) {
        writeAll(UntrustedText.visible(text), to: STDERR_FILENO)
    }

    private func writeAll(_ text: String, to descriptor: Int32) {
        // Anything the process printed through stdio must come out before this.
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                writeBytes(descriptor, buffer.baseAddress, buffer.count)
            }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                // The reader went away (a closed pipe): there is no one left to show anything to. Anything else (a
                // full disk) is kept, for the command to fail with.
                let reason = written < 0 ? errno : EIO
                if descriptor == outputDescriptor, reason != EPIPE, outputFailure == nil {
                    outputFailure = String(cString: strerror(reason))
                }
                return
            }
        }
    }

    /// Holds Ctrl-C back while a change is on its way: the process's SIGINT handler prints `notice` for the first
    /// one (standard error) and `stopping` for a second, which ends the process.
    public func holdInterrupts(notice: String, stopping: String) {
        InterruptShield.hold(notice: notice, stopping: stopping)
    }

    /// Stops holding Ctrl-C back; one pressed meanwhile is what the next read returns.
    public func releaseInterrupts() {
        if InterruptShield.release() { heldInterrupt = true }
    }

    /// Reads a line: edited in raw mode on a TTY, a plain line otherwise.
    public func readLine(prompt: String, default defaultValue: String?) async -> LineInput {
        if heldInterrupt {
            heldInterrupt = false
            return .interrupt
        }
        guard beginRead() else { return .end }
        defer { endRead() }
        return await reader.readLine(prompt: prompt, default: defaultValue, on: self)
    }

    /// Reads one key on a TTY, or one line as `.line` otherwise.
    public func readKey() async -> KeyInput {
        if heldInterrupt {
            heldInterrupt = false
            return .interrupt
        }
        guard beginRead() else { return .end }
        defer { endRead() }
        return await reader.readKey()
    }

    /// Restores the terminal's original mode and stops reading; later reads return `.end`.
    ///
    /// Also done at exit and on the usual termination signals; call it to hand the terminal to another program.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        pump?.stop()
        pump = nil
        if isInteractive { TerminalMode.restore() }
    }

    private func beginRead() -> Bool {
        guard !isClosed else { return false }
        if pump == nil {
            let pump = InputPump(descriptor: inputDescriptor, decodesKeys: isInteractive, queue: reader.queue)
            pump.start()
            self.pump = pump
        }
        activeReads += 1
        if isInteractive, activeReads == 1 { TerminalMode.setSignalKeys(enabled: false) }
        return true
    }

    private func endRead() {
        activeReads -= 1
        if isInteractive, !isClosed, activeReads == 0 { TerminalMode.setSignalKeys(enabled: true) }
    }
}

/// `write(2)`, reachable by a plain name here, outside types that have a `write` method of their own.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The background thread that reads a descriptor and feeds the queue: decoded keys in raw mode, whole lines
/// otherwise. A self-pipe wakes it for ``stop()``, since a thread blocked in `read` cannot otherwise be stopped.
final class InputPump: Sendable {
    private let descriptor: Int32
    private let decodesKeys: Bool
    private let queue: InputQueue
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// How long a lone Esc waits for the rest of an escape sequence before it counts as the Esc key.
    private static let escapeTimeoutMilliseconds: Int32 = 30

    init(descriptor: Int32, decodesKeys: Bool, queue: InputQueue) {
        self.descriptor = descriptor
        self.decodesKeys = decodesKeys
        self.queue = queue
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    func start() {
        let thread = Thread { [self] in self.run() }
        thread.name = "TerminalUI input"
        thread.start()
    }

    func stop() {
        guard wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = writeBytes(wakeWrite, &byte, 1)
    }

    deinit {
        if wakeRead >= 0 { _ = close(wakeRead) }
        if wakeWrite >= 0 { _ = close(wakeWrite) }
    }

    private func run() {
        var decoder = KeyDecoder()
        var partialLine: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // The wake pipe stays open until the pump goes (deinit): closed here, its numbers could be reused by
        // another file before a late `stop()` writes its byte.
        defer {
            if !partialLine.isEmpty { queue.push([.line(Self.decodeLine(partialLine))]) }
            queue.finish()
        }
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPendingInput ? Self.escapeTimeoutMilliseconds : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                queue.push(decoder.flush().map { .key($0) })
                continue
            }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress, bytes.count)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            if count == 0 { return }
            let bytes = buffer[0..<count]
            if decodesKeys {
                queue.push(decoder.feed(bytes).map { .key($0) })
            } else {
                var lines: [InputEvent] = []
                for byte in bytes {
                    if byte == UInt8(ascii: "\n") {
                        lines.append(.line(Self.decodeLine(partialLine)))
                        partialLine.removeAll(keepingCapacity: true)
                    } else {
                        partialLine.append(byte)
                    }
                }
                queue.push(lines)
            }
        }
    }

    private static func decodeLine(_ bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
