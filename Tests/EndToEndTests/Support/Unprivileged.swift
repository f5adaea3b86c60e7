import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `flights` as a user that file permissions bind. Root ignores permission bits, and CI runs the tests as
/// root: there a read-only file would be written anyway and a test of it could not fail. So when the tests run as
/// root, the app runs as `nobody` (uid 65534) through util-linux's `setpriv`, on files handed over to that user;
/// otherwise it runs as the tests' own user, whom the permission bits already bind.
enum Unprivileged {
    static let user: uid_t = 65534
    static let group: gid_t = 65534

    static var testsRunAsRoot: Bool { getuid() == 0 }

    static let setpriv = executableOnPath("setpriv")

    /// Whether permission bits can bind the app here.
    static var isAvailable: Bool { !testsRunAsRoot || setpriv != nil }

    static let unavailableReason =
        "the tests run as root and util-linux's setpriv is not installed: permission bits would not bind the app"

    /// `binary`, or when `nobody` cannot reach it (a build under a private home directory), a copy of it in a
    /// world-readable temporary folder, made once.
    static func reachable(_ binary: URL) throws -> URL {
        try copies.withLock { copies in
            if let copy = copies[binary] { return copy }
            var copy = binary
            if !isReachableByOthers(binary) {
                let folder = copyFolder
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                atexit { try? FileManager.default.removeItem(at: Unprivileged.copyFolder) }
                copy = folder.appendingPathComponent("flights")
                if !FileManager.default.fileExists(atPath: copy.path) {
                    try FileManager.default.copyItem(at: binary, to: copy)
                }
                for path in [folder.path, copy.path] { chmod(path, 0o755) }
            }
            copies[binary] = copy
            return copy
        }
    }

    private static let copies = Mutex<[URL: URL]>([:])

    private static var copyFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flights-e2e-unprivileged-\(getpid())", isDirectory: true)
    }

    /// Whether every folder above `file` lets others in, and `file` lets them run it.
    private static func isReachableByOthers(_ file: URL) -> Bool {
        var status = stat()
        guard stat(file.path, &status) == 0, status.st_mode & 0o005 == 0o005 else { return false }
        var folder = file.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            guard stat(folder.path, &status) == 0, status.st_mode & 0o001 != 0 else { return false }
            folder = folder.deletingLastPathComponent()
        }
        return true
    }
}

extension FlightsApp {
    /// Runs `flights arguments…` to its end as a user whom permission bits bind (see `Unprivileged`).
    func runUnprivileged(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let executable: URL
        let fullArguments: [String]
        if Unprivileged.testsRunAsRoot {
            guard let setpriv = Unprivileged.setpriv else { throw EndToEndFailure(Unprivileged.unavailableReason) }
            executable = setpriv
            fullArguments = ["--reuid=\(Unprivileged.user)", "--regid=\(Unprivileged.group)", "--clear-groups", "--",
                             try Unprivileged.reachable(binary).path] + arguments
        } else {
            executable = binary
            fullArguments = arguments
        }
        let process = try Subprocess(
            name: (["flights"] + arguments).joined(separator: " ") + " (unprivileged)", executable: executable,
            arguments: fullArguments, environment: environment(extra))
        defer { process.terminate() }
        process.closeInput()
        let status = try await process.waitForExit(timeout: Timeouts.process)
        return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
    }

    /// Gives `url` and everything under it to the user `runUnprivileged` runs as (nothing to do unless root).
    func handOver(_ url: URL) throws {
        guard Unprivileged.testsRunAsRoot else { return }
        var paths = [url.path]
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in walker { paths.append(url.appendingPathComponent(relative).path) }
        }
        for path in paths where lchown(path, Unprivileged.user, Unprivileged.group) != 0 {
            throw EndToEndFailure("could not give \(path) to uid \(Unprivileged.user): \(String(cString: strerror(errno)))")
        }
    }

    /// Sets `url`'s permission bits.
    func setMode(_ mode: mode_t, of url: URL) throws {
        guard chmod(url.path, mode) == 0 else {
            throw EndToEndFailure("could not chmod \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}
