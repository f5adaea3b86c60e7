import CurlHTTP
import Foundation

#if canImport(FoundationNetworking)
    // The only place in the project allowed to use URLSession: as the yardstick it is measured against.
    import FoundationNetworking
#endif

/// Measures requests per second of `HTTPClient` against wrk and URLSession on the same server.
///
/// Usage: `flights-http-benchmark --base-url http://127.0.0.1:PORT [--duration SECONDS] [--rounds N]
/// [--warmup SECONDS] [--wrk PATH] [--clients wrk,curlhttp,urlsession] [--sizes 1k,50k] [--concurrency 1,32]`
///
/// The server must serve `/1k.bin` (1024 bytes) and `/50k.bin` (51200 bytes); `Benchmarks/run.sh` starts
/// nginx for that. Each scenario runs in rounds, each round measuring every client back to back, and the table
/// shows medians: on a machine shared with other work, the load changes from second to second, and a ratio
/// taken within one round compares like with like. This is a measurement, not a test: it prints a table and
/// never fails on a timing.
@main
struct HTTPBenchmark {
    struct Options {
        var baseURL: URL?
        var duration: Double = 1
        var rounds = 3
        var warmup: Double = 0.2
        var wrkPath = "/usr/bin/wrk"
        var clients: Set<String> = ["wrk", "curlhttp", "urlsession"]
        var sizes = ["1k", "50k"]
        var concurrency = [1, 32]
    }

    struct Row {
        var scenario: String
        var concurrency: Int
        var wrk: [Double] = []
        var ours: [Double] = []
        var urlSession: [Double] = []
        /// Per-round ratios, taken only from rounds where both sides have a figure.
        var oursToWrk: [Double] = []
        var oursToURLSession: [Double] = []
    }

    static func main() async {
        let options: Options
        do {
            options = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(2)
        }
        guard let base = options.baseURL else {
            FileHandle.standardError.write(Data("--base-url is required (run Benchmarks/run.sh, which starts nginx)\n".utf8))
            exit(2)
        }
        let loadBefore = loadAverage()
        let expectedBytes = ["1k": 1024, "50k": 51_200]
        var rows: [Row] = []
        for size in options.sizes {
            for concurrency in options.concurrency {
                let url = base.appending(path: "\(size).bin")
                let label = "\(size == "1k" ? "1 KB" : "50 KB"), \(concurrency == 1 ? "one at a time" : "\(concurrency) at a time")"
                var row = Row(scenario: label, concurrency: concurrency)
                for _ in 0..<options.rounds {
                    // Back to back within a round, so all clients see about the same background load.
                    let wrk = options.clients.contains("wrk") ? runWrk(options, url: url, connections: concurrency) : nil
                    let ours =
                        options.clients.contains("curlhttp")
                        ? await measureCurlHTTP(options, url: url, concurrency: concurrency, bytes: expectedBytes[size] ?? 0) : nil
                    let urlSession =
                        options.clients.contains("urlsession")
                        ? await measureURLSession(options, url: url, concurrency: concurrency, bytes: expectedBytes[size] ?? 0) : nil
                    if let wrk { row.wrk.append(wrk) }
                    if let ours { row.ours.append(ours) }
                    if let urlSession { row.urlSession.append(urlSession) }
                    if let ours, let wrk, wrk > 0 { row.oursToWrk.append(ours / wrk) }
                    if let ours, let urlSession, urlSession > 0 { row.oursToURLSession.append(ours / urlSession) }
                }
                rows.append(row)
                FileHandle.standardError.write(Data("done: \(label)\n".utf8))
            }
        }
        printTable(rows, options: options)
        if let loadBefore, let loadAfter = loadAverage() {
            // Other work on the machine moves these figures a lot; say how busy it was.
            print("Load average (1 min) before / after: \(loadBefore) / \(loadAfter), on \(ProcessInfo.processInfo.activeProcessorCount) cores.")
        }
    }

    /// The 1-minute load average, where the system reports one.
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.map(String.init)
    }

    // MARK: Clients

    static func measureCurlHTTP(_ options: Options, url: URL, concurrency: Int, bytes: Int) async -> Double? {
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnections: max(64, concurrency * 2), retry: .none))
        } catch {
            FileHandle.standardError.write(Data("HTTPClient failed to start: \(error)\n".utf8))
            return nil
        }
        let request = HTTPRequest(url: url)
        let rate = await measure(options, concurrency: concurrency) {
            do {
                let response = try await client.send(request)
                return response.status == 200 && response.body.count == bytes
            } catch {
                return false
            }
        }
        await client.shutdown()
        return rate
    }

    static func measureURLSession(_ options: Options, url: URL, concurrency: Int, bytes: Int) async -> Double? {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(concurrency, 6)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let rate = await measure(options, concurrency: concurrency) {
            do {
                let (data, response) = try await session.data(from: url)
                return (response as? HTTPURLResponse)?.statusCode == 200 && data.count == bytes
            } catch {
                return false
            }
        }
        session.invalidateAndCancel()
        return rate
    }

    /// Runs `concurrency` loops of `operation` for the warm-up and then the measured duration; returns the
    /// successful operations per second of the measured part, or `nil` if any failed.
    static func measure(
        _ options: Options, concurrency: Int, _ operation: @escaping @Sendable () async -> Bool
    ) async -> Double? {
        _ = await run(concurrency: concurrency, for: .milliseconds(Int(options.warmup * 1000)), operation)
        let started = ContinuousClock.now
        let (succeeded, failed) = await run(concurrency: concurrency, for: .milliseconds(Int(options.duration * 1000)), operation)
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        if failed > 0 {
            FileHandle.standardError.write(Data("\(failed) requests failed or returned the wrong body\n".utf8))
            return nil
        }
        return Double(succeeded) / elapsed
    }

    static func run(
        concurrency: Int, for duration: Duration, _ operation: @escaping @Sendable () async -> Bool
    ) async -> (succeeded: Int, failed: Int) {
        let deadline = ContinuousClock.now + duration
        return await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var succeeded = 0
                    var failed = 0
                    while ContinuousClock.now < deadline {
                        if await operation() { succeeded += 1 } else { failed += 1 }
                    }
                    return (succeeded, failed)
                }
            }
            var total = (succeeded: 0, failed: 0)
            for await (succeeded, failed) in group {
                total.succeeded += succeeded
                total.failed += failed
            }
            return total
        }
    }

    static func runWrk(_ options: Options, url: URL, connections: Int) -> Double? {
        guard FileManager.default.isExecutableFile(atPath: options.wrkPath) else {
            FileHandle.standardError.write(Data("wrk not found at \(options.wrkPath); install it with `apt-get install wrk`\n".utf8))
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: options.wrkPath)
        process.arguments = ["-t1", "-c\(connections)", "-d\(Int(options.duration.rounded(.up)))s", url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("wrk did not start: \(error)\n".utf8))
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // wrk prints "Requests/sec:   9321.07"; "Non-2xx" or socket errors would make the figure meaningless.
        if text.contains("Non-2xx") || text.contains("Socket errors") {
            FileHandle.standardError.write(Data("wrk reported errors:\n\(text)\n".utf8))
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let value = line.split(separator: " ").last.flatMap({ Double($0) })
        else {
            FileHandle.standardError.write(Data("could not read wrk's output:\n\(text)\n".utf8))
            return nil
        }
        return value
    }

    // MARK: Output

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func printTable(_ rows: [Row], options: Options) {
        func rate(_ values: [Double]) -> String {
            guard let value = median(values) else { return "–" }
            return Int(value.rounded()).formatted(.number.grouping(.automatic))
        }
        func ratio(_ values: [Double]) -> String {
            guard let value = median(values) else { return "–" }
            return String(format: "%.2f×", value)
        }
        print(
            "Requests per second on loopback nginx (1 worker): median of \(options.rounds) rounds of \(options.duration) s "
                + "per client, after a \(options.warmup) s warm-up; ratios are medians of the per-round ratios.")
        print("")
        print("| scenario | wrk | HTTPClient | URLSession | HTTPClient / wrk | HTTPClient / URLSession |")
        print("|---|---:|---:|---:|---:|---:|")
        for row in rows {
            print(
                "| \(row.scenario) | \(rate(row.wrk)) | \(rate(row.ours)) | \(rate(row.urlSession)) | \(ratio(row.oursToWrk)) "
                    + "| \(ratio(row.oursToURLSession)) |")
        }
        print("")
        print("Targets: one at a time ≥ 0.6× wrk and ≥ 3× URLSession; 32 at a time ≥ 0.4× wrk.")
        var notes: [String] = []
        for row in rows {
            if let toWrk = median(row.oursToWrk) {
                let target = row.concurrency == 1 ? 0.6 : 0.4
                if toWrk < target { notes.append("\(row.scenario): \(ratio(row.oursToWrk)) of wrk, under the \(target)× target") }
            }
            if row.concurrency == 1, let toURLSession = median(row.oursToURLSession), toURLSession < 3 {
                notes.append("\(row.scenario): \(ratio(row.oursToURLSession)) of URLSession, under the 3× target")
            }
        }
        print(notes.isEmpty ? "All targets met in this run." : "Missed in this run: " + notes.joined(separator: "; ") + ".")
    }

    // MARK: Arguments

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            func value() throws -> String {
                guard let next = iterator.next() else { throw UsageError(description: "\(argument) needs a value") }
                return next
            }
            switch argument {
            case "--base-url":
                let text = try value()
                guard let url = URL(string: text) else { throw UsageError(description: "--base-url \(text) is not a URL") }
                options.baseURL = url
            case "--duration":
                guard let seconds = Double(try value()), seconds > 0 else { throw UsageError(description: "--duration needs seconds > 0") }
                options.duration = seconds
            case "--rounds":
                guard let rounds = Int(try value()), rounds > 0 else { throw UsageError(description: "--rounds needs a count > 0") }
                options.rounds = rounds
            case "--warmup":
                guard let seconds = Double(try value()), seconds >= 0 else { throw UsageError(description: "--warmup needs seconds ≥ 0") }
                options.warmup = seconds
            case "--wrk":
                options.wrkPath = try value()
            case "--clients":
                options.clients = Set(try value().split(separator: ",").map(String.init))
            case "--sizes":
                options.sizes = try value().split(separator: ",").map(String.init).filter { $0 == "1k" || $0 == "50k" }
            case "--concurrency":
                options.concurrency = try value().split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            default:
                throw UsageError(description: "unknown argument \(argument); see the comment at the top of HTTPBenchmark.swift")
            }
        }
        return options
    }
}
