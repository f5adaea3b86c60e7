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
        #expect(line == #"0 */6 * * * FLIGHTS_DATA_DIR="/data/my flights" "/opt/my tools/flights" watch check --notify >/dev/null 2>&1"#)
    }

    @Test func quotingKeepsTheShellFromReadingAnything() {
        #expect(WatchTimerPlan.quoted("/usr/bin/flights") == "/usr/bin/flights")
        #expect(WatchTimerPlan.quoted(#"/a b/$(rm -rf ~)`x`"q""#) == #""/a b/\$(rm -rf ~)\`x\`\"q\"""#)
    }
}
