import Foundation
import Testing

/// The watches on a real terminal (tmux): `w` on a search's offers keeps it as a watch, and `flights start --watches`
/// lists it, opens its history drawn within the terminal's width, searches it again (its offers), and removes it.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct WatchScreenTests {
    @Test func wOnTheOffersWatchesTheSearchAndTheWatchesScreenShowsSearchesAndRemovesIt() async throws {
        try await FlightsApp.withFreshData { app in
            try await TmuxSession.run(app, width: 80) { terminal in
                try await terminal.searchToOffers()
                try await terminal.press("w")
                try await terminal.waitForScreen(containing: "Watching this search's price as watch 1")
                try await terminal.press("Escape")
                try await terminal.waitForPrompt("Enter to search")
                try await terminal.press("q")
                #expect(try await terminal.waitForExit() == 0)
            }
            let listed = try await app.run(["watches", "--json"])
            let watches = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
            #expect(watches.count == 1 && (watches.first?["history"] as? [Any])?.count == 1, "\(listed)")

            // A second check, so the history has two points to draw.
            #expect(try await app.run(["watch", "check"]).status == 0)
            for width in [60, 80, 120] {
                // The session before left its exit status; this one writes its own.
                try? FileManager.default.removeItem(at: app.root.appendingPathComponent("exit-status"))
                try await TmuxSession.run(app, arguments: ["start", "--watches"], width: width, height: 45) { terminal in
                    let list = try await terminal.waitForScreen(containing: "Your watches")
                    #expect(list.contains("LHR → JFK"), "\(list)")
                    try await terminal.press("Enter")
                    let shown = try await terminal.waitForScreen(containing: "s search it again")
                    let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
                    #expect(lines.filter { $0.contains("┤") }.count == 8, "\(shown)")
                    #expect(lines.contains { $0.contains("└─") }, "\(shown)")
                    #expect(lines.allSatisfy { $0.count <= width }, "\(shown)")
                    try await terminal.press("s")
                    try await terminal.waitForScreen(containing: "Enter choose")
                    try await terminal.press("Escape")
                    try await terminal.waitForScreen(containing: "s search it again")
                    if width == 120 {
                        try await terminal.press("x")
                        try await terminal.waitForScreen(containing: "Remove watch 1 and its 2 checks? y yes · n no")
                        try await terminal.press("y")
                        try await terminal.waitForScreen(containing: "Watch 1 and its history are removed.")
                    } else {
                        // Esc: from the watch to the list.
                        try await terminal.press("Escape")
                        try await terminal.waitForScreen(containing: "Your watches")
                    }
                    try await terminal.press("Escape")
                    #expect(try await terminal.waitForExit() == 0)
                }
            }
            let after = try await app.run(["watches", "--json"])
            #expect((try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [Any])?.isEmpty == true, "\(after)")
        }
    }
}
