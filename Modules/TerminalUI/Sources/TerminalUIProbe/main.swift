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
    default:
        terminal.writeLine("unknown scenario \(scenario); use line, keys, choose, hold or exit-elsewhere")
        return 64
    }
}

exit(await runProbe(Array(CommandLine.arguments.dropFirst())))
