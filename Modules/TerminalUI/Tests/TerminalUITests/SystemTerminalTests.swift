import Foundation
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("SystemTerminal on pipes, in this process")
@MainActor
struct SystemTerminalPipeTests {
    @Test("off a TTY it reads plain lines, writes prompts without escapes, and ends at end of file")
    func lineMode() async throws {
        let input = try FilePipe()
        let output = try FilePipe()
        let terminal = SystemTerminal(inputDescriptor: input.readEnd, outputDescriptor: output.writeEnd, environment: ["COLUMNS": "100"])
        #expect(!terminal.isInteractive)
        #expect(terminal.style == .plain)
        #expect(terminal.columns == 100)
        input.write("LHR\r\n\nJFK")
        input.closeWriteEnd()
        #expect(await terminal.readLine(prompt: "From: ", default: nil) == .text("LHR"))
        #expect(await terminal.readLine(prompt: "Via: ", default: "none") == .text("none"))
        // A last line without a newline still counts.
        #expect(await terminal.readKey() == .line("JFK"))
        #expect(await terminal.readLine(prompt: "Date: ") == .end)
        terminal.close()
        output.closeWriteEnd()
        #expect(output.readAll() == "From: \nVia: [none] \nDate: \n")
        input.closeReadEnd()
        output.closeReadEnd()
    }

    @Test("the width falls back to COLUMNS, then 80")
    func widthFallback() throws {
        let pipe = try FilePipe()
        defer { pipe.closeReadEnd(); pipe.closeWriteEnd() }
        let terminal = SystemTerminal(inputDescriptor: pipe.readEnd, outputDescriptor: pipe.writeEnd, environment: [:])
        #expect(terminal.columns == 80)
        let invalid = SystemTerminal(inputDescriptor: pipe.readEnd, outputDescriptor: pipe.writeEnd, environment: ["COLUMNS": "wide"])
        #expect(invalid.columns == 80)
    }

    @Test("waiting for input leaves the main actor free; a cancelled read takes nothing")
    func cancellation() async throws {
        let input = try FilePipe()
        let output = try FilePipe()
        let terminal = SystemTerminal(inputDescriptor: input.readEnd, outputDescriptor: output.writeEnd, environment: [:])
        let reading = Task { await terminal.readLine(prompt: "From: ") }
        // Other main-actor work runs while the read waits on an empty pipe.
        let other = Task { @MainActor in terminal.columns }
        #expect(await other.value == 80)
        reading.cancel()
        #expect(await reading.value == .cancelled)
        input.write("LHR\n")
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
        terminal.close()
        #expect(await terminal.readKey() == .end)
        input.closeWriteEnd()
        output.closeWriteEnd()
        input.closeReadEnd()
        output.closeReadEnd()
    }
}

@Suite("SystemTerminal in a separate process, on a pipe and on a pseudo-terminal", .serialized)
struct SystemTerminalProcessTests {
    private let ttyEnvironment = ["TERM": "xterm-256color"]

    @Test("through pipes the probe writes plain prompts and reads lines to the end")
    func pipes() async throws {
        let input = Pipe()
        let output = Pipe()
        let process = try Probe.start("line", input: input.fileHandleForReading, output: output.fileHandleForWriting, environment: ttyEnvironment)
        try input.fileHandleForWriting.write(contentsOf: Data("Bob\n\n".utf8))
        try input.fileHandleForWriting.close()
        await Probe.waitForExit(process)
        try output.fileHandleForWriting.close()
        let written = String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(written == "Name: [Ada] \nRESULT text(\"Bob\")\nName: [Ada] \nRESULT text(\"Ada\")\nName: [Ada] \nRESULT end\n")
    }

    @Test("on a TTY keys are decoded from raw input and the width comes from the terminal")
    func keys() async throws {
        let pty = try PseudoTerminal(columns: 100)
        defer { pty.close() }
        let before = pty.localFlags
        let process = try Probe.start("keys", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        var screen = try await pty.read(until: "READY")
        #expect(screen.contains("READY interactive=true columns=100"))
        pty.send("\u{1B}[A")
        screen = try await pty.read(until: "KEY up", after: screen)
        pty.send("é")
        screen = try await pty.read(until: "KEY character(\"é\")", after: screen)
        pty.send([0x1B])
        screen = try await pty.read(until: "KEY escape", after: screen)
        pty.send("\r")
        screen = try await pty.read(until: "KEY enter", after: screen)
        await Probe.waitForExit(process)
        #expect(process.terminationStatus == 0)
        #expect(pty.localFlags == before)
    }

    @Test("on a TTY the line editor edits, Ctrl-D twice ends, and the terminal mode is restored at exit")
    func lineEditor() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let before = pty.localFlags
        #expect(before & tcflag_t(ECHO) != 0)
        let process = try Probe.start("line", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        var screen = try await pty.read(until: "Name: ")
        // Raw mode while reading: no echo, no line buffering, Ctrl-C as a key.
        let raw = pty.localFlags
        #expect(raw & tcflag_t(ECHO) == 0)
        #expect(raw & tcflag_t(ICANON) == 0)
        #expect(raw & tcflag_t(ISIG) == 0)
        pty.send("ye\u{1B}[D\u{1B}[Dh\r")
        screen = try await pty.read(until: "RESULT text(\"hye\")", after: screen)
        pty.send([0x04])
        screen = try await pty.read(until: "Press Ctrl-D again to leave.", after: screen)
        #expect(!screen.contains("RESULT end"))
        pty.send([0x04])
        screen = try await pty.read(until: "RESULT end", after: screen)
        await Probe.waitForExit(process)
        #expect(process.terminationStatus == 0)
        #expect(pty.localFlags == before)
    }

    @Test("Ctrl-C during a read is the key .interrupt, not a signal")
    func controlC() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let before = pty.localFlags
        let process = try Probe.start("hold", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        let screen = try await pty.read(until: "Waiting: ")
        pty.send([0x03])
        _ = try await pty.read(until: "RESULT interrupt", after: screen)
        await Probe.waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(pty.localFlags == before)
    }

    @Test("Ctrl-C while a change is on its way says so, lets it finish, and reaches the next read")
    func controlCDuringAChange() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let process = try Probe.start("change", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        var screen = try await pty.read(until: "Go: ")
        pty.send("\r")
        screen = try await pty.read(until: "CHANGING", after: screen)
        kill(process.processIdentifier, SIGINT)
        screen = try await pty.read(until: "HELD-NOTICE", after: screen)
        kill(process.processIdentifier, SIGUSR1)
        screen = try await pty.read(until: "RESULT interrupt", after: screen)
        await Probe.waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(!screen.contains("STOPPED-NOTICE"))
    }

    @Test("a second Ctrl-C while a change is on its way stops at once, saying how to find out, terminal restored")
    func secondControlCDuringAChange() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let before = pty.localFlags
        let process = try Probe.start("change", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        var screen = try await pty.read(until: "Go: ")
        pty.send("\r")
        screen = try await pty.read(until: "CHANGING", after: screen)
        kill(process.processIdentifier, SIGINT)
        screen = try await pty.read(until: "HELD-NOTICE", after: screen)
        kill(process.processIdentifier, SIGINT)
        _ = try await pty.read(until: "STOPPED-NOTICE", after: screen)
        await Probe.waitForExit(process)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        #expect(pty.localFlags == before)
    }

    @Test("an exit with a status from another thread restores the terminal and keeps the status")
    func exitFromAnotherThread() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let before = pty.localFlags
        let process = try Probe.start(
            "exit-elsewhere", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave),
            environment: ttyEnvironment)
        _ = try await pty.read(until: "Go: ")
        pty.send("\r")
        await Probe.waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(pty.localFlags == before)
    }

    @Test("SIGTERM during a read restores the terminal mode before the process dies of the signal")
    func sigterm() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let before = pty.localFlags
        let process = try Probe.start("hold", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        _ = try await pty.read(until: "Waiting: ")
        #expect(pty.localFlags != before)
        process.terminate()
        await Probe.waitForExit(process)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
        #expect(pty.localFlags == before)
    }

    @Test("choose on a TTY: arrow keys and Enter pick an option, the list collapses to one line")
    func choose() async throws {
        let pty = try PseudoTerminal(columns: 80)
        defer { pty.close() }
        let process = try Probe.start("choose", input: FileHandle(fileDescriptor: pty.slave), output: FileHandle(fileDescriptor: pty.slave), environment: ttyEnvironment)
        var screen = try await pty.read(until: "Esc back")
        pty.send("\u{1B}[B\u{1B}[B\r")
        screen = try await pty.read(until: "RESULT answered(2)", after: screen)
        var model = VisibleScreen()
        model.write(screen)
        #expect(model.lines.suffix(2) == ["Pick a cabin Business", "RESULT answered(2)"])
        await Probe.waitForExit(process)
        #expect(process.terminationStatus == 0)
    }
}
