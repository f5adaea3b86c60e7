import Foundation
import Testing

/// `flights-sandbox --faults` with a plan it cannot read is bad input: exit 64 with the reason, as the app's bad
/// input is (issue 21, item 16).
@Suite struct SandboxBadFaultsTests {
    @Test(arguments: ["error=999@0.5", "drop@2", "nonsense", "latency=soon"])
    func aBadPlanExits64(_ plan: String) async throws {
        try await FlightsApp.withFreshData { app in
            let binary = try FlightsApp.locateBinary().deletingLastPathComponent().appendingPathComponent("flights-sandbox")
            try #require(
                FileManager.default.isExecutableFile(atPath: binary.path),
                "build flights-sandbox with the tests' scratch path first: swift build --product flights-sandbox")
            let arguments = ["--faults", plan, "--port", "0", "--data-dir", app.sandboxDirectory.path]
            let process = try Subprocess(
                name: (["flights-sandbox"] + arguments).joined(separator: " "), executable: binary, arguments: arguments,
                environment: app.environment())
            defer { process.terminate() }
            process.closeInput()
            let status = try await process.waitForExit()
            let run = Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
            #expect(run.status == 64, "\(run)")
            #expect(run.said.contains("could not be read"), "\(run)")
            #expect(!run.said.contains("listening"), "\(run)")
        }
    }
}
