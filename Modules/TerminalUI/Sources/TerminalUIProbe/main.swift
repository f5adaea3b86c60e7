// Runs one TerminalUI scenario on the real standard input and output, so tests can drive SystemTerminal through a
// pipe or a pseudo-terminal and check what it wrote, what it read, and that it left the terminal as it found it.
import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
func runProbe(_ arguments: [String]) async -> Int32 {
    let terminal = SystemTerminal()
    let scenario = arguments.first ?? "line"
    switch scenario {
    case "line":
        // Reads lines until the input ends, reporting each; the prompt carries a default.
        while true {
            let input = await terminal.readLine(prompt: "Name: ", default: "Ada")
            terminal.writeLine("RESULT \(input)")
            if case .text = input { continue }
            return 0
        }
    case "keys":
        // Reports keys until Enter or the end of input.
        terminal.writeLine("READY interactive=\(terminal.isInteractive) columns=\(terminal.columns)")
        while true {
            let key = await terminal.readKey()
            terminal.writeLine("KEY \(key)")
            switch key {
            case .enter, .end, .line, .interrupt: return 0
            default: continue
            }
        }
    case "choose":
        let result = await terminal.choose("Pick a cabin", options: ["Economy", "Premium", "Business"], default: 0)
        terminal.writeLine("RESULT \(result)")
        return 0
    case "hold":
        // Waits in a read until a signal ends the process; the test checks the terminal mode afterwards.
        terminal.writeLine("READY")
        let input = await terminal.readLine(prompt: "Waiting: ", default: nil)
        terminal.writeLine("RESULT \(input)")
        return 0
    case "exit-elsewhere":
        // Ends the process with a status from a thread that is not the main one, as a command-line parser does
        // when it throws an exit code from an async command.
        terminal.writeLine("READY")
        _ = await terminal.readLine(prompt: "Go: ", default: nil)
        // Typed as returning, so the compiler keeps the code after it; it never comes back.
        let end: @Sendable (Int32) -> Void = { exit($0) }
        await Task.detached { end(3) }.value
        return 3
    case "change":
        // A change on its way (Ctrl-C held back) until the test sends SIGUSR1; then the next read reports whether
        // a Ctrl-C came meanwhile.
        terminal.writeLine("READY")
        _ = await terminal.readLine(prompt: "Go: ", default: nil)
        let proceed = GoSignal()
        let writer = ScreenWriter(terminal: terminal, outputIsForPrograms: false)
        writer.showChange("Booking…", whenInterrupted: "HELD-NOTICE", whenStopped: "STOPPED-NOTICE")
        terminal.writeLine("CHANGING")
        proceed.wait()
        writer.hideProgress()
        let input = await terminal.readLine(prompt: "Next: ", default: nil)
        terminal.writeLine("RESULT \(input)")
        return 0
    default:
        terminal.writeLine("unknown scenario \(scenario); use line, keys, choose, hold, exit-elsewhere or change")
        return 64
    }
}

/// SIGUSR1, awaited by blocking on a pipe its handler writes to (the test's way to say "go on").
final class GoSignal {
    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        goPipe = (ends[0], ends[1])
        _ = signal(SIGUSR1) { _ in
            var byte: UInt8 = 1
            _ = write(goPipe.write, &byte, 1)
        }
    }

    func wait() {
        var byte: UInt8 = 0
        while read(goPipe.read, &byte, 1) < 0 && errno == EINTR {}
    }
}

nonisolated(unsafe) var goPipe: (read: Int32, write: Int32) = (-1, -1)

exit(await runProbe(Array(CommandLine.arguments.dropFirst())))
