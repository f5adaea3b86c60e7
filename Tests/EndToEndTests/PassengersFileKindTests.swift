import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flights book --passengers` with what is not a plain small file: a pipe (`/dev/stdin`), a FIFO (what
/// `<(…)` gives), `/dev/zero`, a file over the 1 MiB cap, a folder (issue 21, items 12 and 13). A file that is read
/// and holds one good traveller ends with the summary and exit 2, as `book` without `--yes` does.
@Suite struct PassengersFileKindTests {
    /// One adult, as a passengers file holds it.
    static let oneAdult = """
        [{"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f", \
        "email": "ada@example.com", "phone_number": "+442080160508"}]
        """
    static let cap = 1 << 20

    static func offer() async throws -> String {
        try #require(try await SharedOffers.shared.offers().first)
    }

    /// Read, decoded, and the summary shown: exit 2 without `--yes`, and no word of a file that cannot be read.
    static func expectRead(_ run: Run) {
        #expect(run.status == 2, "\(run)")
        #expect(!run.said.contains("cannot be read"), "\(run)")
        #expect(!run.said.contains("permission denied"), "\(run)")
    }

    @Test func aPipeOnStandardInput() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["book", offer, "--passengers", "/dev/stdin"], input: Self.oneAdult)
            Self.expectRead(run)
        }
    }

    @Test func aFIFOAsProcessSubstitutionGives() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let fifo = app.root.appendingPathComponent("passengers.fifo")
            try #require(mkfifo(fifo.path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
            // The writer's open waits until a reader opens the FIFO, as a shell's `<(…)` does.
            let written = Latch<Bool>()
            let path = fifo.path
            let text = Self.oneAdult
            Thread {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return written.set(false) }
                let bytes = Array(text.utf8)
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                written.set(count == bytes.count)
            }.start()
            let run = try await app.run(["book", offer, "--passengers", path])
            // A reader that never opened the FIFO leaves the writer waiting in open: release it before leaving.
            let release = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            let wrote = await written.wait(timeout: Timeouts.step)
            if release >= 0 { close(release) }
            #expect(wrote == true, "the writer did not finish: \(run)")
            Self.expectRead(run)
        }
    }

    @Test func devZeroEndsAtTheCap() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["book", offer, "--passengers", "/dev/zero", "--yes", "--json"])
            #expect(run.status == 64, "\(run)")
            #expect(run.said.contains("/dev/zero is larger than 1 MiB; a passengers file is a few kilobytes"), "\(run)")
            #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(run)")
            try await BadInputCase.expectNothingBooked(app, "\(run)")
        }
    }

    /// Good JSON padded with spaces to `size` bytes.
    static func padded(to size: Int) -> Data {
        var data = Data(oneAdult.utf8)
        data.append(Data(repeating: UInt8(ascii: " "), count: size - data.count))
        return data
    }

    @Test func aFileOneByteOverTheCapIsRefused() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let path = app.root.appendingPathComponent("passengers.json")
            try Self.padded(to: Self.cap + 1).write(to: path)
            let run = try await app.run(["book", offer, "--passengers", path.path, "--yes", "--json"])
            #expect(run.status == 64, "\(run)")
            #expect(run.said.contains("passengers.json is larger than 1 MiB; a passengers file is a few kilobytes"), "\(run)")
            try await BadInputCase.expectNothingBooked(app, "\(run)")
        }
    }

    @Test func aFileOfExactlyTheCapIsRead() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let path = app.root.appendingPathComponent("passengers.json")
            try Self.padded(to: Self.cap).write(to: path)
            Self.expectRead(try await app.run(["book", offer, "--passengers", path.path]))
        }
    }

    @Test func aFolderSaysSo() async throws {
        let offer = try await Self.offer()
        try await FlightsApp.withFreshData { app in
            let path = app.root.appendingPathComponent("passengers.json")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            let run = try await app.run(["book", offer, "--passengers", path.path, "--yes", "--json"])
            #expect(run.status == 64, "\(run)")
            #expect(run.said.contains("passengers.json cannot be read: it is a folder, not a file"), "\(run)")
        }
    }
}
