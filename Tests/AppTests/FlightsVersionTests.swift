import Foundation
import Testing
@testable import FlightsApp

/// What `flights mcp` says it is must be the version being released.
@Test func theVersionTheBinaryGivesIsTheRepositorysVersion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let version = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
    #expect(FlightsVersion.current == version.trimmingCharacters(in: .whitespacesAndNewlines))
}
