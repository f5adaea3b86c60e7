import Foundation
import ModuleCore
import Testing
import TerminalUI

/// A tiny module: a name is typed, a greeting is looked up, and shown.
struct GreeterState: Codable, Equatable, Sendable {
    var name: String?
    var greeting: String?
    var asking = true
}

/// A service's answer, with a personal field as Duffel names them.
struct Greeting: Codable, Sendable, Equatable {
    var given_name: String
}

enum GreeterAction: Codable, Sendable, Equatable {
    case appeared
    case typed(String)
    case answered(Greeting)
}

/// The greeting looked up for a name.
struct LookUp: ScreenWork {
    var name: String
    var id: String { "greeting" }
}

/// The tiny module's rules and screen.
enum GreeterReducer: ScreenFeature {
    typealias Work = LookUp
    typealias Route = String
    static let module = "Greeter"

    static func reduce(_ state: inout GreeterState, _ action: GreeterAction) -> [Effect] {
        switch action {
        case .appeared:
            return []
        case .typed(let name):
            state.name = name
            state.asking = false
            return [.run(LookUp(name: name))]
        case .answered(let greeting):
            state.greeting = "Hello, \(greeting.given_name)"
            return [.print([.text("Hello, \(greeting.given_name)")])]
        }
    }

    static func redacted(_ action: GreeterAction, in state: GreeterState) -> GreeterAction {
        guard case .typed = action, state.asking else { return action }
        return .typed(Redaction.name)
    }

    static func screen(_ state: GreeterState) -> ScreenModel {
        ScreenModel(page: [.header("Greeter")], question: state.asking ? .line("Name: ") : nil)
    }

    static func action(for input: ScreenInput, in state: GreeterState) -> GreeterAction? {
        if case .line(let name) = input { return .typed(name) }
        return nil
    }
}

/// The same module after a change in its rules: it shouts.
enum ShoutingGreeterReducer: ScreenFeature {
    typealias Work = LookUp
    typealias Route = String
    static let module = "Greeter"

    static func reduce(_ state: inout GreeterState, _ action: GreeterAction) -> [GreeterReducer.Effect] {
        var effects = GreeterReducer.reduce(&state, action)
        if case .answered(let greeting) = action { effects = [.print([.text("HELLO, \(greeting.given_name.uppercased())")])] }
        return effects
    }

    static func screen(_ state: GreeterState) -> ScreenModel { GreeterReducer.screen(state) }
    static func action(for input: ScreenInput, in state: GreeterState) -> GreeterAction? {
        GreeterReducer.action(for: input, in: state)
    }
}

/// The same module with the same effects, whose screen now says something else.
enum RetitledGreeterReducer: ScreenFeature {
    typealias Work = LookUp
    typealias Route = String
    static let module = "Greeter"

    static func reduce(_ state: inout GreeterState, _ action: GreeterAction) -> [GreeterReducer.Effect] {
        GreeterReducer.reduce(&state, action)
    }

    static func screen(_ state: GreeterState) -> ScreenModel {
        var model = GreeterReducer.screen(state)
        if !state.asking { model.page = [.header("Greeted")] }
        return model
    }

    static func action(for input: ScreenInput, in state: GreeterState) -> GreeterAction? {
        GreeterReducer.action(for: input, in: state)
    }
}

@MainActor
final class LineSink {
    var data = Data()
    var text: String { String(decoding: data, as: UTF8.self) }
}

@MainActor
@Suite("Module core: the runner, effects, recording and replay")
struct ModuleCoreTests {
    /// The greeter run on a terminal: a name typed, looked up, greeted; the screen then has nothing left to do.
    func session() async -> (ScreenRunner<GreeterReducer>, LineSink, VirtualTerminal) {
        let sink = LineSink()
        let recorder = SessionRecorder(write: { sink.data.append($0) })
        let terminal = VirtualTerminal(columns: 60)
        let runner = ScreenRunner<GreeterReducer>(
            state: GreeterState(), terminal: terminal, recorder: recorder, appearing: { .appeared },
            perform: { work in .answered(Greeting(given_name: work.name)) }, leave: { _ in nil })
        terminal.enter("Ada Lovelace")
        await runner.run()
        return (runner, sink, terminal)
    }

    @Test("the runner asks the question the state derives, sends the answer, runs the work and feeds its answer back")
    func sendRunsTheChain() async {
        let (runner, _, terminal) = await session()
        #expect(terminal.text.contains("Greeter"))
        #expect(terminal.text.contains("Hello, Ada Lovelace"))
        #expect(runner.state == GreeterState(name: "Ada Lovelace", greeting: "Hello, Ada Lovelace", asking: false))
    }

    @Test("a recording holds no typed name, and replays green through the same reducer")
    func recordsRedactedAndReplays() async throws {
        let (_, sink, _) = await session()
        #expect(!sink.text.contains("Ada"))
        #expect(sink.text.split(separator: "\n").count == 5)
        let terminal = VirtualTerminal(columns: 60)
        let report = try SessionReplayer(modules: [.screen(GreeterReducer.self)], terminal: terminal).replay(sink.text)
        #expect(report == ReplayReport(matched: 3, divergence: nil))
        #expect(terminal.text.contains("Greeter"))
        #expect(terminal.text.contains("Hello, \(Redaction.name)"))
    }

    @Test("a changed reducer makes the replay stop at the step it changed, named")
    func changedReducerDiverges() async throws {
        let (_, sink, _) = await session()
        let replay = ModuleReplay.screen(ShoutingGreeterReducer.self)
        let report = try SessionReplayer(modules: [replay], terminal: VirtualTerminal()).replay(sink.text)
        #expect(report.matched == 2)
        let divergence = try #require(report.divergence)
        #expect(divergence.step == 3)
        #expect(divergence.action == "answered")
        #expect(divergence.recorded.contains("Hello, Redacted"))
        #expect(divergence.replayed.contains("HELLO, REDACTED"))
    }

    @Test("a screen that now shows something else, with the same effects, stops the replay at the step it changed")
    func changedScreenDiverges() async throws {
        let (_, sink, _) = await session()
        let replay = ModuleReplay.screen(RetitledGreeterReducer.self)
        let report = try SessionReplayer(modules: [replay], terminal: VirtualTerminal()).replay(sink.text)
        #expect(report.matched == 1)
        let divergence = try #require(report.divergence)
        #expect(divergence.step == 2)
        #expect(divergence.recorded.contains("Greeter"))
        #expect(divergence.replayed.contains("Greeted"))
    }

    @Test("a file that is not a recording is refused with a reason")
    func refusesOtherFiles() {
        let replayer = SessionReplayer(modules: [], terminal: VirtualTerminal())
        #expect(throws: RecordingError.self) { try replayer.replay("hello\n") }
        #expect(throws: RecordingError.self) { try replayer.replay(#"{"kind":"session","format":99}"# + "\n") }
    }

    @Test("personal fields are redacted by key wherever they sit; other fields are kept")
    func redactsByKey() throws {
        let json = #"{"passengers":[{"given_name":"Ada","born_on":"1815-12-10","email":"a@b.c","id":"pas_1"}],"name":"Heathrow"}"#
        let object = try #require(JSONSerialization.jsonObject(with: Redaction.redact(Data(json.utf8))) as? [String: Any])
        let passenger = try #require((object["passengers"] as? [[String: Any]])?.first)
        #expect(passenger["given_name"] as? String == Redaction.name)
        #expect(passenger["born_on"] as? String == "1815-07-01")
        #expect(passenger["email"] as? String == Redaction.email)
        #expect(passenger["id"] as? String == "pas_1")
        #expect(object["name"] as? String == "Heathrow")
    }

    @Test("a new effect under an id cancels the one running under it; a shielded one runs to its end")
    func effectCancellationByID() async {
        let tasks = EffectTasks<String>()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        async let first: Bool = tasks.run("search") {
            startedContinuation.yield()
            do { try await Task.sleep(for: .seconds(30)); return false } catch { return true }
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        let second = await tasks.run("search") { Task.isCancelled }
        #expect(await first == true)
        #expect(second == false)

        let shielded = Task { @MainActor in
            await tasks.run("book", shielded: true) { () async -> Bool in
                await Task.yield()
                return Task.isCancelled
            }
        }
        tasks.cancelAll()
        shielded.cancel()
        #expect(await shielded.value == false)
        #expect(tasks.active.isEmpty)
    }

    @Test("a recording that cannot be written stops and says so once; the store goes on")
    func failingWritesStopTheRecording() async {
        struct DiskFull: Error {}
        var reports: [String] = []
        var attempts = 0
        let recorder = SessionRecorder(write: { _ in attempts += 1; throw DiskFull() }, onFailure: { reports.append($0) })
        let runner = ScreenRunner<GreeterReducer>(
            state: GreeterState(), terminal: VirtualTerminal(), recorder: recorder, appearing: { .appeared },
            perform: { _ in nil }, leave: { _ in nil })
        runner.send(.typed("Ada"))
        await runner.settled()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("The session recording stopped") == true)
        #expect(attempts == 1)
        #expect(runner.state.name == "Ada")
    }

    @Test("a path that cannot be written is refused with the reason")
    func unwritablePath() {
        #expect(throws: RecordingError.self) { try SessionRecorder(path: "/nonexistent-folder/session.jsonl") }
    }

    @Test("a recording is readable by its owner only, new or written over an earlier one, and a device keeps its mode")
    func ownerOnlyMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-mode-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func mode(_ path: String) -> mode_t {
            var status = stat()
            return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
        }
        let fresh = folder.appendingPathComponent("new.jsonl").path
        _ = try SessionRecorder(path: fresh)
        #expect(mode(fresh) == 0o600)
        let earlier = folder.appendingPathComponent("earlier.jsonl").path
        #expect(FileManager.default.createFile(atPath: earlier, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(mode(earlier) == 0o644)
        _ = try SessionRecorder(path: earlier)
        #expect(mode(earlier) == 0o600)
        let null = mode("/dev/null")
        _ = try SessionRecorder(path: "/dev/null")
        #expect(mode("/dev/null") == null)
    }

    nonisolated static var hasFullDevice: Bool {
        var status = stat()
        return stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    @Test("a full disk stops the recording with one report; a device stays a device", .enabled(if: hasFullDevice))
    func fullDevice() throws {
        var reports: [String] = []
        _ = try SessionRecorder(path: "/dev/full") { reports.append($0) }
        #expect(reports.count == 1)
        var status = stat()
        #expect(stat("/dev/full", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR)
    }
}
