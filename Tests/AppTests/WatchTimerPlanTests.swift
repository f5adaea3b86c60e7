import Foundation
import Testing
@testable import FlightsApp

/// What `flights watch timer install` writes: a systemd user service and timer where systemd runs, the crontab line
/// where it does not; the program's path and the data directory kept, quoted for the shell.
@Suite struct WatchTimerPlanTests {
    static func plan(_ environment: [String: String], systemd: Bool, every: Int = 6) -> WatchTimerPlan {
        WatchTimerPlan(executable: "/opt/my tools/flights", everyHours: every, environment: environment, systemd: systemd)
    }

    @Test func theUnitsRunTheCheckEverySoManyHoursWithTheDataDirectoryAndTakeExitThreeAsNews() {
        let plan = Self.plan(["HOME": "/home/ada", "FLIGHTS_DATA_DIR": "/data/flights"], systemd: true, every: 4)
        #expect(plan.unitFolder.path == "/home/ada/.config/systemd/user")
        #expect(plan.service.contains(#"ExecStart="/opt/my tools/flights" watch check --notify"#), "\(plan.service)")
        #expect(plan.service.contains("EnvironmentFile=-%h/.config/flights/env"), "the API and its token, from a file of the traveller's")
        #expect(plan.service.contains("Environment=FLIGHTS_DATA_DIR=/data/flights"), "\(plan.service)")
        #expect(plan.service.contains("SuccessExitStatus=3"))
        #expect(plan.timer.contains("OnCalendar=*-*-* 00/4:00:00"))
        #expect(plan.timer.contains("Persistent=true"))
        #expect(plan.timer.contains("WantedBy=timers.target"))
        #expect(Self.plan(["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg"], systemd: true).unitFolder.path == "/cfg/systemd/user")
        // A relative XDG_CONFIG_HOME is not one (the XDG rule): the home's .config is used.
        #expect(Self.plan(["HOME": "/home/ada", "XDG_CONFIG_HOME": "cfg"], systemd: true).unitFolder.path == "/home/ada/.config/systemd/user")
    }

    @Test func withoutSystemdTheCrontabLineSaysTheSame() {
        let line = Self.plan(["FLIGHTS_DATA_DIR": "/data/my flights"], systemd: false).crontabLine
        #expect(line == "0 */6 * * * FLIGHTS_DATA_DIR='/data/my flights' '/opt/my tools/flights' watch check --notify >/dev/null 2>&1")
    }

    @Test func quotingKeepsSystemdCronAndTheShellFromReadingAnything() {
        #expect(WatchTimerPlan.unitQuoted("/usr/bin/flights") == "/usr/bin/flights")
        // systemd: % is a specifier and $ a variable, both doubled; " and \ escaped inside double quotes.
        #expect(WatchTimerPlan.unitQuoted(#"/a b/50%$HOME"q\"#) == #""/a b/50%%$$HOME\"q\\""#)
        // cron: single quotes for the shell, % escaped (cron reads it as a line break).
        #expect(WatchTimerPlan.cronQuoted("/a b/it's 50%") == #"'/a b/it'\''s 50\%'"#)
        #expect(WatchTimerPlan.cronQuoted("/srv/50%") == #"'/srv/50\%'"#)
    }

    @Test func aPathWithALineBreakIsRefusedRatherThanWrittenIntoAUnit() {
        let plan = WatchTimerPlan(
            executable: "/opt/flights", everyHours: 6, environment: ["FLIGHTS_DATA_DIR": "/d\nExecStartPre=/bin/evil"],
            systemd: true)
        #expect(plan.problem?.contains("FLIGHTS_DATA_DIR holds a control character") == true)
        #expect(plan.install() == 64)
    }
}
