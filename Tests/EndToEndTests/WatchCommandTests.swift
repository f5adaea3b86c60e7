import Foundation
import Testing

/// `flights watch …` and `flights watches` on the real binary and its embedded sandbox, the app's clock moved between
/// checks (`FLIGHTS_NOW`): the sandbox's prices move with the time of the search, and LHR → LIS has a seat sale from
/// 10 days before departure. The trip's days are fixed far ahead, and every "now" before them, so the suite never ages.
@Suite struct WatchCommandTests {
    static let departure = "2031-03-20"
    /// Instants before the departure: 20, 15, 12 and 9 days ahead (the last inside LHR → LIS's sale).
    static let twentyDaysBefore = "2031-02-28T09:00:00Z"
    static let fifteenDaysBefore = "2031-03-05T15:00:00Z"
    static let twelveDaysBefore = "2031-03-08T21:00:00Z"
    static let nineDaysBefore = "2031-03-11T09:00:00Z"
    static let eightDaysBefore = "2031-03-12T09:00:00Z"

    static func at(_ now: String) -> [String: String] { ["FLIGHTS_NOW": now] }

    /// `flights watches --json`, decoded.
    static func watches(_ app: FlightsApp) async throws -> [[String: Any]] {
        let run = try await app.run(["watches", "--json"])
        #expect(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]], "\(run)")
    }

    static func amount(_ money: Any?) -> Decimal? {
        ((money as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) }
    }

    @Test func aWatchCheckedThreeTimesIsListedWithItsChangesAndItsChart() async throws {
        try await FlightsApp.withFreshData { app in
            let added = try await app.run(
                ["watch", "LHR", "JFK", "--depart", Self.departure, "--return", "+7"], environment: Self.at(Self.twentyDaysBefore))
            #expect(added.status == 0, "\(added)")
            #expect(added.output.hasPrefix("Watching: Watch 1 "), "\(added)")
            for now in [Self.fifteenDaysBefore, Self.twelveDaysBefore, Self.nineDaysBefore] {
                let checked = try await app.run(["watch", "check"], environment: Self.at(now))
                #expect(checked.status == 0, "\(checked)")
            }

            let listed = try await Self.watches(app)
            let watch = try #require(listed.first)
            #expect(listed.count == 1)
            let history = try #require(watch["history"] as? [[String: Any]])
            let totals = history.compactMap { Self.amount($0["lowest"]) }
            #expect(totals.count == 4, "\(history)")
            // The clock moved between checks, and so did the prices.
            #expect(Set(totals).count > 1, "\(totals)")
            let first = try #require(totals.first), last = try #require(totals.last)
            #expect(Self.amount(watch["lowest_now"]) == last)
            #expect(Self.amount(watch["change_since_first"]) == last - first)
            #expect(Self.amount(watch["change_since_last"]) == last - totals[2])
            #expect(Self.amount(watch["lowest_ever"]) == totals.min())
            #expect(watch["backend"] as? String == "sandbox", "\(watch)")
            #expect(history.allSatisfy { (($0["offer"] as? [String: Any])?["airline"] as? String)?.isEmpty == false })

            let text = try await app.run(["watches"], environment: ["COLUMNS": "80"])
            #expect(text.status == 0, "\(text)")
            let row = try #require(text.output.split(separator: "\n").first { $0.hasPrefix("1 ") }, "\(text)")
            #expect(row.contains("LHR ⇄ JFK"), "\(text)")
            #expect(row.contains { "▁▂▃▄▅▆▇█".contains($0) }, "\(text)")
            #expect(text.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")

            for columns in [60, 80, 120] {
                let shown = try await app.run(["watch", "show", "1"], environment: ["COLUMNS": "\(columns)"])
                #expect(shown.status == 0, "\(shown)")
                let lines = shown.output.split(separator: "\n")
                #expect(lines.filter { $0.contains("┤") }.count == 8, "\(shown)")
                #expect(lines.contains { $0.contains("└───") }, "\(shown)")
                #expect(lines.allSatisfy { $0.count <= columns }, "\(columns) columns:\n\(shown)")
                // Every check is listed with its total, newest first, under the chart.
                let checks = lines.drop { !$0.hasPrefix("Checked") }.dropFirst()
                #expect(checks.count == 4, "\(shown)")
                #expect(checks.allSatisfy { $0.contains("£") }, "\(shown)")
            }
        }
    }

    @Test func watchCheckExitsThreeOnceTheSaleRouteFallsUnderThePriceAndNotAgain() async throws {
        try await FlightsApp.withFreshData { app in
            // The lowest today, to set the price under it.
            let probe = try await app.run(
                ["watch", "LHR", "LIS", "--depart", Self.departure, "--json"], environment: Self.at(Self.twentyDaysBefore))
            #expect(probe.status == 0, "\(probe)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(probe.output.utf8)) as? [String: Any])
            let lowest = try #require(Self.amount(report["lowest_now"]), "\(probe)")
            let removed = try await app.run(["watch", "remove", "1"])
            #expect(removed.status == 0, "\(removed)")

            let below = NSDecimalNumber(decimal: lowest * Decimal(string: "0.75")!).intValue
            let added = try await app.run(
                ["watch", "LHR", "LIS", "--depart", Self.departure, "--below", "\(below)"],
                environment: Self.at(Self.twentyDaysBefore))
            #expect(added.status == 0, "\(added)")

            let before = try await app.run(["watch", "check"], environment: Self.at(Self.fifteenDaysBefore))
            #expect(before.status == 0, "before the sale:\n\(before)")
            #expect(!before.output.contains("Under your"), "\(before)")

            // --notify sends the news to the desktop: a notify-send of the test's own, on PATH, writes what it got.
            let bin = app.root.appendingPathComponent("bin", isDirectory: true)
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let notified = app.root.appendingPathComponent("notified")
            let notifySend = bin.appendingPathComponent("notify-send")
            try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(shellQuoted(notified.path))\n".utf8).write(to: notifySend)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: notifySend.path)
            let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let sale = try await app.run(
                ["watch", "check", "--notify"], environment: Self.at(Self.nineDaysBefore).merging(["PATH": path]) { $1 })
            #expect(sale.status == 3, "in the sale:\n\(sale)")
            #expect(sale.output.contains("Under your £\(below) now."), "\(sale)")
            let note = try String(contentsOf: notified, encoding: .utf8)
            #expect(note.contains("Flights: a price went down") && note.contains("Under your £\(below) now."), "\(note)")

            // Still under the price the next day: not news again.
            let after = try await app.run(["watch", "check", "--json"], environment: Self.at(Self.eightDaysBefore))
            #expect(after.status == 0, "\(after)")
            let checked = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [[String: Any]])
            #expect(checked.first?["under_price"] as? Bool == true, "\(after)")
            #expect((checked.first?["check"] as? [String: Any])?["went_under_price"] as? Bool == false, "\(after)")
        }
    }

    @Test func twoChecksAtOnceBothLandWhole() async throws {
        try await FlightsApp.withFreshData { app in
            for route in [["LHR", "JFK"], ["CDG", "NRT"]] {
                let added = try await app.run(["watch"] + route + ["--depart", Self.departure], environment: Self.at(Self.twentyDaysBefore))
                #expect(added.status == 0, "\(added)")
            }
            let one = try app.start(["watch", "check"], environment: Self.at(Self.fifteenDaysBefore))
            let other = try app.start(["watch", "check"], environment: Self.at(Self.twelveDaysBefore))
            defer {
                one.terminate()
                other.terminate()
            }
            one.closeInput()
            other.closeInput()
            #expect(try await one.waitForExit() == 0, "\(one.transcript)")
            #expect(try await other.waitForExit() == 0, "\(other.transcript)")

            let listed = try await Self.watches(app)
            #expect(listed.count == 2)
            for watch in listed {
                let history = try #require(watch["history"] as? [[String: Any]])
                #expect(history.count == 3, "\(watch)")
                #expect(history.allSatisfy { Self.amount($0["lowest"]) != nil && $0["offer"] is [String: Any] }, "\(history)")
            }
        }
    }

    @Test func aCheckKilledMidWayLeavesTheHistoryAsItWas() async throws {
        try await FlightsApp.withFreshData { app in
            // The second watch's airlines take seconds to answer (LHR → LAX): the check is killed while it waits,
            // after the first watch was searched and before anything is written.
            for route in [["LHR", "JFK"], ["LHR", "LAX"]] {
                let added = try await app.run(["watch"] + route + ["--depart", Self.departure], environment: Self.at(Self.twentyDaysBefore))
                #expect(added.status == 0, "\(added)")
            }
            let before = try await Self.watches(app)

            let check = try app.start(["watch", "check"], environment: Self.at(Self.fifteenDaysBefore))
            defer { check.terminate() }
            check.closeInput()
            let found = await check.errors.wait(since: 0, timeout: Timeouts.step) { $0.contains("Checking watch 2 of 2") }
            try #require(found, "\(check.transcript)")
            check.send(signal: SIGKILL)
            #expect(try await check.waitForExit() == 128 + SIGKILL, "\(check.transcript)")

            let after = try await Self.watches(app)
            #expect(after.map { ($0["history"] as? [Any])?.count } == before.map { ($0["history"] as? [Any])?.count })
            #expect(after.map { ($0["history"] as? [Any])?.count } == [1, 1])

            // The next check works and writes both.
            let again = try await app.run(["watch", "check"], environment: Self.at(Self.fifteenDaysBefore))
            #expect(again.status == 0, "\(again)")
            #expect(try await Self.watches(app).map { ($0["history"] as? [Any])?.count } == [2, 2])
        }
    }

    @Test func badInputIsRefusedInWordsAndAnUnreadableFileIsLeftAlone() async throws {
        try await FlightsApp.withFreshData { app in
            let past = try await app.run(["watch", "LHR", "JFK", "--depart", "2031-03-01"], environment: Self.at(Self.nineDaysBefore))
            #expect(past.status == 64, "\(past)")
            let window = try await app.run(
                ["watch", "LHR", "JFK", "--depart", Self.departure, "--depart-by", "+40"], environment: Self.at(Self.twentyDaysBefore))
            #expect(window.status == 64, "\(window)")
            #expect(window.errors.contains("at most 31 days"), "\(window)")
            let price = try await app.run(["watch", "LHR", "JFK", "--depart", Self.departure, "--below", "-5"])
            #expect(price.status == 64, "\(price)")
            let missing = try await app.run(["watch", "show", "9"])
            #expect(missing.status == 1, "\(missing)")
            #expect(missing.errors.contains("There is no watch 9"), "\(missing)")

            try FileManager.default.createDirectory(at: app.dataDirectory, withIntermediateDirectories: true)
            let file = app.dataDirectory.appendingPathComponent("watches.sqlite")
            let junk = Data("not a database, but someone's notes\n".utf8) + Data(repeating: 0x41, count: 4_000)
            try junk.write(to: file)
            let refused = try await app.run(["watch", "LHR", "JFK", "--depart", Self.departure], environment: Self.at(Self.twentyDaysBefore))
            #expect(refused.status == 73, "\(refused)")
            #expect(refused.errors.contains("cannot be read"), "\(refused)")
            #expect(refused.errors.contains("Move it aside"), "\(refused)")
            #expect(try Data(contentsOf: file) == junk)
            let listed = try await app.run(["watches"])
            #expect(listed.status == 73, "\(listed)")
            #expect(try Data(contentsOf: file) == junk)
        }
    }

    @Test func theTimerWhereSystemdDoesNotRunIsACrontabLine() async throws {
        try await FlightsApp.withFreshData { app in
            // This machine runs no systemd (a container): the line to add is printed, and nothing is written.
            guard !FileManager.default.fileExists(atPath: "/run/systemd/system") else { return }
            let installed = try await app.run(["watch", "timer", "install", "--every", "3"])
            #expect(installed.status == 0, "\(installed)")
            #expect(installed.output.contains("0 */3 * * * FLIGHTS_DATA_DIR="), "\(installed)")
            #expect(installed.output.contains(" watch check --notify >/dev/null 2>&1"), "\(installed)")
            let refused = try await app.run(["watch", "timer", "install", "--every", "30"])
            #expect(refused.status == 64, "\(refused)")
        }
    }

    @Test func aWindowSearchesEveryDayAndKeepsTheNights() async throws {
        try await FlightsApp.withFreshData { app in
            let added = try await app.run(
                ["watch", "LHR", "JFK", "--depart", "2031-03-10", "--depart-by", "2031-03-14", "--return", "+7", "--json"],
                environment: Self.at(Self.twentyDaysBefore))
            #expect(added.status == 0, "\(added)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
            #expect(report["latest_departure"] as? String == "2031-03-14")
            #expect(((report["search"] as? [String: Any])?["slices"] as? [Any])?.count == 2, "\(report)")
            let history = try #require(report["history"] as? [[String: Any]])
            let legs = try #require((history.first?["offer"] as? [String: Any])?["legs"] as? [[String: Any]])
            // The lowest of the five days found, a 7-night trip inside the window.
            let out = try #require((legs.first?["departing_at"] as? String)?.prefix(10))
            let back = try #require((legs.last?["departing_at"] as? String)?.prefix(10))
            #expect(("2031-03-10"..."2031-03-14").contains(String(out)), "\(legs)")
            let days = { (text: Substring) in ISO8601DateFormatter().date(from: "\(text)T00:00:00Z") }
            let nights = try #require(days(back)).timeIntervalSince(try #require(days(out))) / 86_400
            #expect(nights == 7, "\(legs)")
        }
    }
}
