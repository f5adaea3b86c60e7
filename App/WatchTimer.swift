import ArgumentParser
import Foundation
import TerminalUI

/// `flights watch timer install|remove`: a systemd user timer that runs `flights watch check --notify`, or where
/// systemd does not run, the crontab line that does.
struct WatchTimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Install or remove a timer that checks every watch (a systemd user timer, else a crontab line).",
        discussion: """
        install writes flights-watch.service and flights-watch.timer to your systemd user folder \
        ($XDG_CONFIG_HOME/systemd/user) and enables the timer; where systemd does not run, it prints the crontab line \
        to add (crontab -e). remove disables and deletes them. Exit codes: 0 done, 64 bad input, 73 the files cannot \
        be written, 69 systemctl refused (the files are written; the command to run is said).
        """)

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case install, remove
    }

    @Argument(help: "install or remove.")
    var action: Action

    @Option(help: ArgumentHelp("Check every this many hours (1–24).", valueName: "hours"))
    var every: Int = 6

    func validate() throws {
        if !(1...24).contains(every) { throw ValidationError("--every must be from 1 to 24 hours.") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let plan = WatchTimerPlan(
            executable: Self.executable, everyHours: every, environment: environment,
            systemd: FileManager.default.fileExists(atPath: "/run/systemd/system"))
        let code = action == .install ? plan.install() : plan.remove()
        if code != 0 { throw ExitCode(code) }
    }

    /// This program's absolute path, as the timer must run it.
    static var executable: String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// What installing the timer writes and runs, decided from the program's path, the interval and the environment.
struct WatchTimerPlan {
    var executable: String
    var everyHours: Int
    var environment: [String: String]
    /// Whether systemd runs this machine (`/run/systemd/system` exists, as `sd_booted` decides).
    var systemd: Bool

    /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    var unitFolder: URL {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? home.appendingPathComponent(".config", isDirectory: true)
        return config.appendingPathComponent("systemd/user", isDirectory: true)
    }

    /// The data directory this shell uses, when it sets one.
    var dataDirectory: String? { environment["FLIGHTS_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Why no timer can run the check: a path with a line break or another control character, which neither a unit
    /// file nor a crontab line can carry.
    var problem: String? {
        for (what, text) in [("this program's path", executable), ("FLIGHTS_DATA_DIR", dataDirectory ?? "")]
        where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "\(what) holds a control character (a line break?); a timer cannot run it. Move it to a plain path."
        }
        return nil
    }

    /// The service unit: one check, with the data directory this shell uses, and the API's address and token from
    /// `~/.config/flights/env` when that file exists (a token is never written into a unit).
    var service: String {
        var lines = [
            "[Unit]", "Description=Flights: check the price watches", "",
            "[Service]", "Type=oneshot", "ExecStart=\(Self.unitQuoted(executable)) watch check --notify",
            "EnvironmentFile=-%h/.config/flights/env",
        ]
        if let data = dataDirectory { lines.append("Environment=\(Self.unitQuoted("FLIGHTS_DATA_DIR=\(data)"))") }
        // 3 is news (a watch went under its price), not a failure.
        lines.append("SuccessExitStatus=3")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The timer unit: every `everyHours` hours, caught up after the machine was off.
    var timer: String {
        [
            "[Unit]", "Description=Flights: check the price watches every \(everyHours) hours", "",
            "[Timer]", "OnCalendar=*-*-* 00/\(everyHours):00:00", "Persistent=true", "RandomizedDelaySec=10min", "",
            "[Install]", "WantedBy=timers.target",
        ].joined(separator: "\n") + "\n"
    }

    /// The crontab line, where systemd does not run.
    var crontabLine: String {
        var prefix = ""
        if let data = dataDirectory { prefix = "FLIGHTS_DATA_DIR=\(Self.cronQuoted(data)) " }
        return "0 */\(everyHours) * * * \(prefix)\(Self.cronQuoted(executable)) watch check --notify >/dev/null 2>&1"
    }

    func install() -> Int32 {
        if let problem {
            Self.say("flights: \(problem)")
            return 64
        }
        guard systemd else {
            print(UntrustedText.visible("systemd does not run here; add this line with `crontab -e`:\n\(crontabLine)"))
            return 0
        }
        let folder = unitFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(service.utf8).write(to: folder.appendingPathComponent("flights-watch.service"), options: .atomic)
            try Data(timer.utf8).write(to: folder.appendingPathComponent("flights-watch.timer"), options: .atomic)
        } catch {
            Self.say("flights: the timer's files cannot be written in \(folder.path): \(error.localizedDescription)")
            return 73
        }
        print("Wrote flights-watch.service and flights-watch.timer in \(UntrustedText.visible(folder.path)).")
        return Self.systemctl(["daemon-reload"]) && Self.systemctl(["enable", "--now", "flights-watch.timer"])
            ? Self.done("The timer checks every watch every \(everyHours) hours (`systemctl --user list-timers` shows it).")
            : Self.refused("systemctl --user enable --now flights-watch.timer")
    }

    func remove() -> Int32 {
        guard systemd else {
            print("systemd does not run here; remove the line running `flights watch check` with `crontab -e`.")
            return 0
        }
        let stopped = Self.systemctl(["disable", "--now", "flights-watch.timer"])
        for name in ["flights-watch.timer", "flights-watch.service"] {
            try? FileManager.default.removeItem(at: unitFolder.appendingPathComponent(name))
        }
        _ = Self.systemctl(["daemon-reload"])
        return stopped ? Self.done("The timer is removed.") : Self.refused("systemctl --user disable --now flights-watch.timer")
    }

    private static func done(_ text: String) -> Int32 {
        print(text)
        return 0
    }

    private static func refused(_ command: String) -> Int32 {
        say("flights: systemctl --user did not do it (no user session here?); run `\(command)` once logged in.")
        return 69
    }

    private static func say(_ text: String) {
        FileHandle.standardError.write(Data((UntrustedText.visible(text) + "\n").utf8))
    }

    /// Runs `systemctl --user` with `arguments`; whether it succeeded.
    private static func systemctl(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["systemctl", "--user"] + arguments
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// `text` as one word of a unit file's command line or assignment: as it is when plain, else in double quotes
    /// with `\` and `"` escaped; `%` (a specifier) and `$` (a variable) doubled, as systemd reads them literally then.
    static func unitQuoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        guard !isPlain(text) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `text` as one word for cron's shell: as it is when plain, else in single quotes; `%` (a line break to cron)
    /// escaped.
    static func cronQuoted(_ text: String) -> String {
        let quoted = isPlain(text) ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return quoted.replacingOccurrences(of: "%", with: "\\%")
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-=+:,@".contains($0)) }
    }
}
