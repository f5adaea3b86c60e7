import Foundation
import ModuleCore
import TerminalUI
import Testing
@testable import FlightsApp

/// A screen that runs until cancelled, counting its runs.
@MainActor
final class ProbeScreen: Screen {
    let name: String
    private(set) var runs = 0
    private(set) var cancellations = 0
    private var waiting: CheckedContinuation<Void, Never>?

    init(_ name: String) { self.name = name }

    func run() async -> ScreenExit {
        runs += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else { waiting = continuation }
            }
        } onCancel: {
            Task { @MainActor in self.wakeUp() }
        }
        cancellations += 1
        return .covered
    }

    private func wakeUp() {
        waiting?.resume()
        waiting = nil
    }

    var isRunning: Bool { waiting != nil }
}

/// A screen that ends at once, as `exit` says.
@MainActor
final class EndingScreen: Screen {
    let exit: ScreenExit
    init(_ exit: ScreenExit) { self.exit = exit }
    func run() async -> ScreenExit { exit }
}

/// A deliberately broken module: its presenter holds its view strongly, and the view holds the presenter. The
/// LeakDetector must notice: this is how a real module's cycle would show up.
@MainActor
final class CyclicView: Screen {
    var presenter: CyclicPresenter?
    func run() async -> ScreenExit { .done }
}

@MainActor
final class CyclicPresenter {
    var view: CyclicView?   // should be weak
    let interactor = CyclicInteractor()
}

final class CyclicInteractor: Sendable {}

@MainActor
func makeCyclicModule() -> any Screen {
    let view = CyclicView()
    let presenter = CyclicPresenter()
    view.presenter = presenter
    presenter.view = view
    return view
}

@MainActor
@Suite("Navigator")
struct NavigatorTests {
    /// Awaits `condition` by letting the main actor run the screens' tasks: no clock involved.
    func settle(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test("the top screen runs; pushing cancels it, popping runs the one beneath again")
    func pushAndPop() async {
        let navigator = Navigator()
        let first = ProbeScreen("first"), second = ProbeScreen("second")
        navigator.push(first)
        let running = Task { await navigator.run() }
        await settle { first.isRunning }
        #expect(first.runs == 1)

        navigator.push(second)
        await settle { second.isRunning }
        #expect(first.cancellations == 1 && second.runs == 1)

        navigator.pop()
        await settle { first.runs == 2 && first.isRunning }
        #expect(second.cancellations == 1)

        navigator.pop()
        _ = await running.value
        #expect(navigator.stack.isEmpty && first.cancellations == 2)
    }

    @Test("a popped screen is released by the navigator")
    func popReleases() async {
        let navigator = Navigator()
        weak var weakSecond: ProbeScreen?
        navigator.push(ProbeScreen("first"))
        let running = Task { await navigator.run() }
        do {
            let second = ProbeScreen("second")
            weakSecond = second
            navigator.push(second)
            await settle { second.isRunning }
        }
        navigator.pop()
        await settle { weakSecond == nil }
        #expect(weakSecond == nil)
        navigator.finish()
        _ = await running.value
    }

    @Test("a screen ended with Ctrl-C or the end of its input ends the whole flow; one done without moving stays")
    func endedScreensEndTheFlow() async {
        for exit in [ScreenExit.interrupted, .ended] {
            let navigator = Navigator()
            navigator.push(ProbeScreen("beneath"))
            navigator.push(EndingScreen(exit))
            #expect(await navigator.run() == exit)
            #expect(navigator.stack.isEmpty)
            // A way out already on its way when the flow ended shows nothing.
            navigator.push(ProbeScreen("late"))
            #expect(navigator.stack.isEmpty)
        }
        let navigator = Navigator()
        navigator.push(EndingScreen(.done))
        #expect(await navigator.run() == .done)
        #expect(navigator.stack.count == 1)
    }

    @Test("a screen set aside comes back under its key only, and is released by another key or the end")
    func setAside() async {
        let navigator = Navigator()
        weak var weakKept: ProbeScreen?
        navigator.push(ProbeScreen("first"))
        do {
            let kept = ProbeScreen("kept")
            weakKept = kept
            navigator.push(kept)
        }
        navigator.pop(settingAsideAs: "offer-1")
        #expect(weakKept != nil)
        do {
            let back = navigator.takeSetAside("offer-1")
            #expect(back != nil && back === weakKept)
            if let back { navigator.push(back) }
        }
        navigator.pop(settingAsideAs: "offer-1")
        #expect(navigator.takeSetAside("offer-2") == nil)
        #expect(weakKept == nil)

        do {
            let kept = ProbeScreen("kept again")
            weakKept = kept
            navigator.push(kept)
        }
        navigator.pop(settingAsideAs: "offer-1")
        navigator.finish()
        #expect(weakKept == nil)
    }

    @Test("the leak detector finds every role of a module, and names the ones a cycle keeps alive")
    func detectsRetainCycle() async {
        let detector = LeakDetector(modules: ["AppTests"])
        do {
            let navigator = Navigator()
            let screen = makeCyclicModule()
            detector.watch(screen)
            navigator.push(screen)
            navigator.pop()
        }
        #expect(detector.count == 3)
        let survivors = detector.survivors
        #expect(survivors.count == 3, "view, presenter and interactor all stay alive through the cycle: \(survivors)")
        #expect(survivors.contains { $0.contains("CyclicPresenter") })
    }

    @Test("the leak detector passes a module without a cycle")
    func passesCleanModule() async {
        let detector = LeakDetector(modules: ["AppTests"])
        do {
            let screen = ProbeScreen("clean")
            detector.watch(screen)
        }
        #expect(detector.count == 1)
        #expect(detector.survivors.isEmpty)
    }
}

@Suite("Backend choice")
struct BackendChoiceTests {
    @Test("no address: the embedded sandbox, no token needed")
    func sandboxByDefault() throws {
        #expect(try BackendChoice.resolve(apiFlag: nil, environment: [:]).kind == .embeddedSandbox)
    }

    @Test("--api wins over FLIGHTS_API_URL, and needs DUFFEL_ACCESS_TOKEN")
    func api() throws {
        let environment = ["FLIGHTS_API_URL": "https://env.example", "DUFFEL_ACCESS_TOKEN": "duffel_test_x"]
        let choice = try BackendChoice.resolve(apiFlag: "https://flag.example", environment: environment)
        #expect(choice.kind == .api(URL(string: "https://flag.example")!))
        #expect(throws: BackendError.missingToken(URL(string: "https://api.example")!)) {
            try BackendChoice.resolve(apiFlag: "https://api.example", environment: [:])
        }
    }

    @Test("an address that is not http(s) is refused in words", arguments: ["ftp://x.example", "api.duffel.com", "http://"])
    func invalid(_ text: String) {
        #expect(throws: BackendError.invalidURL(text)) {
            try BackendChoice.resolve(apiFlag: text, environment: ["DUFFEL_ACCESS_TOKEN": "t"])
        }
    }

    @Test("a request timeout from the environment is a number of seconds, 30 s when it is not set", arguments: [
        (String?("1"), Duration.seconds(1)), ("2.5", .milliseconds(2_500)), (nil, .seconds(30)), ("", .seconds(30)),
    ])
    func requestTimeout(_ text: String?, _ expected: Duration) throws {
        #expect(try BackendChoice.requestTimeout(text) == expected)
    }

    @Test("a request timeout that is not a sensible number of seconds is refused in words, never replaced quietly",
          arguments: ["1e300", "inf", "nan", "-4", "0", "soon"])
    func badRequestTimeout(_ text: String) {
        #expect(throws: BackendError.invalidSetting(
            name: "FLIGHTS_REQUEST_TIMEOUT", value: text, expected: "a number of seconds from 0.1 to 3600, like 30")) {
            try BackendChoice.resolve(apiFlag: nil, environment: ["FLIGHTS_REQUEST_TIMEOUT": text])
        }
    }

    @Test("an address with a user name or password is refused, and the message does not repeat the password")
    func credentials() {
        let error = #expect(throws: BackendError.self) {
            try BackendChoice.resolve(apiFlag: "https://ada:s3cret@api.example/", environment: ["DUFFEL_ACCESS_TOKEN": "t"])
        }
        #expect(error == .credentialsInURL("https://…@api.example/"))
        #expect(error.map { !"\($0)".contains("s3cret") } == true)
    }

    @Test("a live token never goes to another machine over plain HTTP; a test token does, with a warning")
    func plainHTTP() throws {
        #expect(throws: BackendError.liveTokenOverHTTP(URL(string: "http://api.example")!)) {
            try BackendChoice.resolve(apiFlag: "http://api.example", environment: ["DUFFEL_ACCESS_TOKEN": "duffel_live_x"])
        }
        let test = try BackendChoice.resolve(apiFlag: "http://api.example", environment: ["DUFFEL_ACCESS_TOKEN": "duffel_test_x"])
        #expect(test.warning?.contains("unencrypted") == true)
        let local = try BackendChoice.resolve(apiFlag: "http://127.0.0.1:4010", environment: ["DUFFEL_ACCESS_TOKEN": "duffel_live_x"])
        #expect(local.warning == nil)
    }

    @Test("loopback is an IP literal of this machine, never a name that begins like one",
          arguments: [
            ("127.0.0.1", true), ("127.10.20.30", true), ("[::1]", true), ("::1", true), ("[::ffff:127.0.0.1]", true),
            ("localhost", true), ("LOCALHOST", true),
            ("127.evil.test", false), ("127.0.0.1.nip.io", false), ("127", false), ("127.0.0.1x", false),
            ("128.0.0.1", false), ("[::2]", false), ("[::ffff:10.0.0.1]", false), ("localhost.evil.test", false),
            ("", false),
          ])
    func loopback(_ host: String, _ expected: Bool) {
        #expect(BackendChoice.isLoopback(host) == expected)
    }

    @Test("a live token is not sent over plain HTTP to a name that only looks like a loopback address")
    func liveTokenToLoopbackLookalike() {
        #expect(throws: BackendError.liveTokenOverHTTP(URL(string: "http://127.evil.test:4010")!)) {
            try BackendChoice.resolve(
                apiFlag: "http://127.evil.test:4010", environment: ["DUFFEL_ACCESS_TOKEN": "duffel_live_x"])
        }
        let warned = try? BackendChoice.resolve(
            apiFlag: "http://127.evil.test:4010", environment: ["DUFFEL_ACCESS_TOKEN": "duffel_test_x"])
        #expect(warned?.warning?.contains("unencrypted") == true)
    }

    @Test("exit codes tell bad input, nothing found and backend failures apart")
    func exitCodes() {
        let codes = [FlowOutcome.done, .noResults, .declined, .badInput, .backendError("x"), .cannotSave].map(\.exitCode)
        #expect(codes == [0, 1, 2, 64, 69, 73])
    }
}
