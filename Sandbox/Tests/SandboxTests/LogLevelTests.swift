import Foundation
import Logging
import SandboxServer
import Testing

/// The sandbox's log, chosen in Flights' own terms.
@Suite struct LogLevelTests {
    @Test func aLevelIsALoggerAtThatLevelAndQuietSaysNothing() {
        #expect(SandboxConfiguration(logLevel: .errors).logger.logLevel == .error)
        #expect(SandboxConfiguration(logLevel: .warnings).logger.logLevel == .warning)
        #expect(SandboxConfiguration(logLevel: .info).logger.logLevel == .info)
        #expect(SandboxConfiguration(logLevel: .debug).logger.logLevel == .debug)
        // Quiet is no handler at all, not a high level: nothing reaches any output.
        let quiet = SandboxConfiguration(logLevel: .quiet).logger
        #expect(quiet.handler is SwiftLogNoOpLogHandler)
        #expect(SandboxConfiguration().logger.logLevel == .info)
    }
}
