import Foundation
import Testing

/// `scripts/flights install`, which puts `flights` on the PATH so the README's examples work as written: a release
/// build (stood in for by a copy of the debug app), the app and its completions put in place whole, a failed build
/// changing nothing, and `uninstall` taking it all away.
struct InstallTests {
    /// What the build may see: the variables `scripts/flights` keeps, nothing from the shell it was started in.
    static func kept(_ name: String) -> Bool {
        ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "SSL_CERT_FILE", "SSL_CERT_DIR", "http_proxy", "https_proxy",
         "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"].contains(name)
            || name.hasPrefix("SWIFTPM_") || name.hasPrefix("SWIFT_") || name.hasPrefix("FLIGHTS_PACKAGE_")
    }

    @Test func installsAReleaseBuildThatRunsFromAnotherFolderWithItsCompletions() async throws {
        let checkout = try InstallCheckout()
        defer { try? FileManager.default.removeItem(at: checkout.root) }
        let run = try await checkout.run(
            ["install", "--prefix", checkout.prefix.path],
            extra: ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0", "FLIGHTS_PROBE_SHELL": "one"])
        #expect(run.status == 0, "\(run)")

        let builds = try checkout.builds()
        try #require(builds.count == 1, "\(builds)")
        let build = builds[0]
        for flag in ["build", "-c", "release", "--static-swift-stdlib", "--product", "flights"] {
            #expect(build.arguments.contains(flag), "\(flag) not given: \(build.arguments)")
        }
        #expect(build.arguments[build.arguments.firstIndex(of: "-c").map { $0 + 1 } ?? 0] == "release")
        #expect(build.environment["PATH"]?.hasPrefix(checkout.tools.path) == true, "\(build.environment)")
        #expect(build.environment["HOME"] != nil, "\(build.environment)")
        let shellOnly = build.environment.keys.filter { !Self.kept($0) }.sorted()
        #expect(shellOnly.isEmpty, "reached the build: \(shellOnly)")

        // The app, a file of its own, runs from another folder and answers from the sandbox it carries.
        let app = checkout.file("bin/flights")
        #expect(FileManager.default.isExecutableFile(atPath: app.path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: app.path)) == nil, "a link, not a copy")
        let places = try await checkout.runInstalled(["places", "lon"])
        #expect(places.status == 0, "\(places)")
        #expect(places.output.contains("London Heathrow Airport") && places.output.contains("LHR"), "\(places)")

        // Completions written by the app itself, naming its commands, one per shell.
        for relative in InstallCheckout.installed.dropFirst() {
            let text = try #require(checkout.text(relative), "\(relative) missing")
            #expect(text.contains("search") && text.contains("bookings") && text.contains("places"), "\(relative)")
        }
        let fish = checkout.text("share/fish/vendor_completions.d/flights.fish")
        #expect(fish?.contains("complete -c 'flights'") == true)
        #expect(checkout.text("share/zsh/site-functions/_flights")?.hasPrefix("#compdef flights") == true)
        #expect(checkout.leftovers().isEmpty, "\(checkout.leftovers())")

        // The prefix's bin is not on this PATH: the script says so, with the line to add.
        #expect(run.said.contains("\(checkout.prefix.path)/bin is not on your PATH"), "\(run)")
        #expect(run.output.contains("export PATH=\"") && run.output.contains("/bin:$PATH\""), "\(run)")
    }

    @Test func aFailedBuildInstallsNothingAndKeepsTheInstalledApp() async throws {
        let checkout = try InstallCheckout()
        defer { try? FileManager.default.removeItem(at: checkout.root) }
        let old = "#!/bin/sh\necho the app installed before\n"
        try FileManager.default.createDirectory(
            at: checkout.file("bin"), withIntermediateDirectories: true)
        try LauncherTests.Launcher.script(checkout.file("bin/flights"), old)
        try Data().write(to: checkout.checkout.appendingPathComponent("broken"))

        let run = try await checkout.run(["install", "--prefix", checkout.prefix.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.said.contains("the stand-in build broke"), "\(run)")
        #expect(run.said.contains("the build failed (see above); nothing was installed."), "\(run)")
        #expect(try checkout.builds().count == 1)
        #expect(checkout.text("bin/flights") == old)
        for relative in InstallCheckout.installed.dropFirst() {
            #expect(!FileManager.default.fileExists(atPath: checkout.file(relative).path), "\(relative) written")
        }
        #expect(checkout.leftovers().isEmpty, "\(checkout.leftovers())")
    }

    @Test func uninstallRemovesWhatInstallWroteAndNothingElse() async throws {
        let checkout = try InstallCheckout()
        defer { try? FileManager.default.removeItem(at: checkout.root) }
        let bin = checkout.file("bin")
        let installed = try await checkout.run(["install", "--prefix=\(checkout.prefix.path)"], pathFirst: bin)
        #expect(installed.status == 0, "\(installed)")
        #expect(!installed.said.contains("not on your PATH"), "\(installed)")
        for relative in InstallCheckout.installed {
            #expect(FileManager.default.fileExists(atPath: checkout.file(relative).path), "\(relative) missing")
        }
        try LauncherTests.Launcher.script(bin.appendingPathComponent("another-tool"), "#!/bin/sh\n")

        let removed = try await checkout.run(["uninstall", "--prefix", checkout.prefix.path])
        #expect(removed.status == 0, "\(removed)")
        for relative in InstallCheckout.installed {
            #expect(!FileManager.default.fileExists(atPath: checkout.file(relative).path), "\(relative) left")
            #expect(removed.output.contains("Removed \(checkout.file(relative).path)"), "\(removed)")
        }
        #expect(FileManager.default.fileExists(atPath: bin.appendingPathComponent("another-tool").path))

        let again = try await checkout.run(["uninstall", "--prefix", checkout.prefix.path])
        #expect(again.status == 0, "\(again)")
        #expect(again.said.contains("nothing to remove"), "\(again)")
    }

    @Test(arguments: ["--help", "-h"])
    func helpSaysWhatGoesWhereAndBuildsNothing(_ flag: String) async throws {
        let checkout = try InstallCheckout()
        defer { try? FileManager.default.removeItem(at: checkout.root) }
        let run = try await checkout.run(["install", flag])
        #expect(run.status == 0, "\(run)")
        for text in ["scripts/flights install [--prefix DIR]", "~/.local", "PREFIX/bin/flights",
                     "PREFIX/share/zsh/site-functions/_flights", "uninstall"] {
            #expect(run.output.contains(text), "\(text) not said:\n\(run)")
        }
        #expect(try checkout.builds().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: checkout.prefix.path))
    }

    @Test func anUnknownOptionIsBadInputAndBuildsNothing() async throws {
        let checkout = try InstallCheckout()
        defer { try? FileManager.default.removeItem(at: checkout.root) }
        let run = try await checkout.run(["install", "--prefx", checkout.prefix.path])
        #expect(run.status == 64, "\(run)")
        #expect(run.said.contains("install takes only --prefix DIR, not '--prefx'"), "\(run)")
        #expect(try checkout.builds().isEmpty)
    }
}
