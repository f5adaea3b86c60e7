import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an end-to-end step failed, in words that say what was expected and what the process showed.
struct EndToEndFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A child process with its standard input on a pipe and its standard output and error collected as they come.
///
/// Started with `posix_spawn` rather than Foundation's `Process`, for three reasons that matter here:
/// - the child starts with no blocked signals and default signal dispositions, as from a shell. The test
///   runner's threads block most signals, and a child that inherits that mask (a tmux server, say) never sees
///   SIGCHLD or SIGTERM;
/// - no descriptor but its three standard ones is inherited, so one test's pipes never keep another's open;
/// - its end is seen by `waitpid`, not by a socket every descendant inherits (a tmux client's forked server
///   would hold that socket, and the client would never seem to end).
///
/// Standard input is always a pipe, never the test runner's own input, so the app never sees a TTY unless a test
/// gives it one (through tmux).
final class Subprocess: Sendable {
    let name: String
    let output = OutputBuffer()
    let errors = OutputBuffer()
    /// The child's process id.
    let processIdentifier: pid_t
    private let input: Mutex<Int32?>
    /// Whether the child has ended; set before it is reaped, so `terminate()` never signals a recycled id.
    private let ended = Mutex(false)
    private let exit = Latch<Int32>()

    /// Writing to the pipe of a process that has already ended must fail as an error, not kill the test runner.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Starts `executable` with `arguments` and exactly `environment`.
    init(name: String, executable: URL, arguments: [String], environment: [String: String]) throws {
        Self.ignoreBrokenPipes
        self.name = name
        let stdin = try Self.makePipe()
        let stdout = try Self.makePipe()
        let stderr = try Self.makePipe()

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Glibc)
        Self.closeOtherDescriptors(&actions)
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        for descriptor in [stdin.read, stdout.write, stderr.write] { close(descriptor) }
        guard result == 0 else {
            for descriptor in [stdin.write, stdout.read, stderr.read] { close(descriptor) }
            throw EndToEndFailure("\(name): could not start \(executable.path): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        input = Mutex(stdin.write)
        Self.collect(stdout.read, into: output)
        Self.collect(stderr.read, into: errors)
        startReaping()
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw EndToEndFailure("could not make a pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc 2.34 and later can close every descriptor from 3 up in the child; Swift's Glibc module does not
    /// show the function, so it is looked up. Without it, the pipes' close-on-exec flags still keep ours apart.
    private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
        _ = closeFrom(&actions, 3)
    }
    #endif

    /// Reads a stream until its end on a thread of its own, so blocking reads never hold up the tests' tasks.
    private static func collect(_ descriptor: Int32, into buffer: OutputBuffer) {
        Thread.detachNewThread {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            while true {
                let chunk = handle.availableData
                buffer.append(chunk)
                if chunk.isEmpty { break }
            }
        }
    }

    /// Waits for the child on a thread of its own; marks it ended before reaping it.
    private func startReaping() {
        Thread.detachNewThread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            ended.withLock { $0 = true }
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) == -1, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
            let signal = status & 0x7f
            exit.set(signal == 0 ? (status >> 8) & 0xff : 128 + signal)
        }
    }

    /// The exit status once it has ended (128 + the signal when a signal ended it).
    var exitStatus: Int32? { exit.value }

    /// Writes `text` followed by a newline, as a person pressing Enter after typing it.
    func send(line text: String) throws {
        try send(text + "\n")
    }

    /// Writes `text` as it is.
    func send(_ text: String) throws {
        try input.withLock { descriptor in
            guard let descriptor else {
                throw EndToEndFailure("\(name): tried to type \(text.debugDescription) after closing its input")
            }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw EndToEndFailure(
                        "\(name): could not type \(text.debugDescription) (\(String(cString: strerror(errno)))); it may have ended.\n\(transcript)")
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    /// Closes standard input: the end of input, as Ctrl-D or the end of a piped file.
    func closeInput() {
        input.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Waits until standard output, after `mark`, contains `text`; fails with the transcript otherwise.
    @discardableResult
    func waitForOutput(containing text: String, since mark: Int = 0, timeout: Duration = Timeouts.step) async throws -> String {
        let found = await output.wait(since: mark, timeout: timeout) { $0.contains(text) }
        guard found else {
            let why = output.hasEnded ? "its output ended" : "waited \(timeout)"
            throw EndToEndFailure("\(name): expected output containing \(text.debugDescription), but \(why) without it.\n\(transcript)")
        }
        return output.text(since: mark)
    }

    /// Waits for the process to end and gives its status; after the deadline it is stopped and the wait fails.
    func waitForExit(timeout: Duration = Timeouts.process) async throws -> Int32 {
        guard let status = await exit.wait(timeout: timeout) else {
            terminate()
            throw EndToEndFailure("\(name): still running after \(timeout); stopped it.\n\(transcript)")
        }
        // The streams end once the process (and anything it started) has closed them.
        _ = await output.waitForEnd(timeout: Timeouts.step)
        _ = await errors.waitForEnd(timeout: Timeouts.step)
        return status
    }

    /// Stops the process if it is still running: SIGTERM to this child, by its id, never to anything else.
    func terminate() {
        closeInput()
        ended.withLock { ended in
            if !ended { kill(processIdentifier, SIGTERM) }
        }
    }

    /// Sends `signal` (SIGKILL, say) to this child if it is still running, by its id, never to anything else.
    func send(signal: Int32) {
        ended.withLock { ended in
            if !ended { kill(processIdentifier, signal) }
        }
    }

    /// What the process wrote, for failure messages.
    var transcript: String {
        """
        ── \(name): standard output ──
        \(output.text)
        ── \(name): standard error ──
        \(errors.text)
        ── exit status: \(exitStatus.map(String.init) ?? "still running") ──
        """
    }
}

/// How long a step may take before a test fails. Generous: the machine is shared with other builds, and these
/// are deadlines for failing clearly, never measurements.
enum Timeouts {
    /// One screen, prompt or answer.
    static let step: Duration = .seconds(90)
    /// A whole command from start to exit.
    static let process: Duration = .seconds(180)
}
