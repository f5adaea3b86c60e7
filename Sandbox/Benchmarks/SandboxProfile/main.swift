// A sandbox to run under a profiler: valgrind's tools crash on a program whose main is async (libdispatch's
// main thread), so this one starts the sandbox from a synchronous main and then waits to be killed. Drive it
// with curl or wrk; under callgrind, zero the counts after warming up and dump them after the requests:
//
//   valgrind --tool=callgrind flights-sandbox-profile --port 4312 &
//   (warm-up requests) ; callgrind_control -z ; (the requests to count) ; callgrind_control -d
//
// Options: --port P (default 4312); --frozen-clock, so that the same search made again, however slowly under a
// profiler, is the same search (offer request ids carry the second they were made). The rate limit is lifted;
// the data directory is a fresh temporary one.

import Dispatch
import Foundation
import Logging
import SandboxServer

var port = 4312
var frozen = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    if argument == "--port", let value = arguments.next().flatMap(Int.init) { port = value }
    if argument == "--frozen-clock" { frozen = true }
}
let startedAt = Date()

var logger = Logger(label: "sandbox-profile")
logger.logLevel = .critical
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flights-sandbox-profile-\(UUID().uuidString)")
let configuration = SandboxConfiguration(
    port: port, dataDirectory: directory, rateLimit: RateLimitPolicy(limit: 100_000_000, window: .seconds(60)),
    now: { [frozen] in frozen ? startedAt : Date() }, logger: logger)
let started = DispatchSemaphore(value: 0)
// Detached: a plain Task would inherit the main actor, which the semaphore below blocks.
Task.detached {
    let sandbox: Sandbox
    do {
        sandbox = try await Sandbox.start(configuration)
    } catch {
        print("flights-sandbox-profile could not start: \(error)")
        exit(1)
    }
    print("flights-sandbox-profile listening on \(sandbox.baseURL)")
    started.signal()
    // Keeps the sandbox alive until the process is killed.
    while true { try? await Task.sleep(for: .seconds(3_600)) }
}
started.wait()
while true { sleep(3_600) }
