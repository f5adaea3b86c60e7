import Entities
import Foundation
import Testing

/// The bookings file when it cannot be used: damaged, empty, from a newer flights, read-only, in a read-only folder,
/// a folder in its place, or a file where its folder should be. The rule: a booking is written on this machine
/// before it is sent, so one that cannot be written is never sent (exit 73, no order at the flight service), the
/// file is left exactly as it was, and every message names the file and says what to do, in words.
@Suite struct StoreFaultTests {
    /// How the bookings list must answer with the fault in place.
    enum Listing: Sendable {
        /// It reads the file and lists these references.
        case lists([String])
        /// It cannot read it, and says so with this phrase.
        case refuses(String)
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        /// Run the app as a user whom permission bits bind (the fault is one of permissions).
        var unprivileged = false
        /// Where the data directory is, when not the usual one (the fault is in its place).
        var dataDirectory: (@Sendable (FlightsApp) -> URL)?
        /// Lays the fault down in the data directory.
        let setUp: @Sendable (FlightsApp) throws -> Void
        /// What the message about a booking must say (with the path it names).
        let phrase: String
        let listing: Listing
        var testDescription: String { name }
    }

    /// A booking made by an earlier flights, for the files that hold one.
    static let earlier = BookingsFile.pastRecords(1)

    static let faults: [Fault] = [
        Fault(name: "garbage bytes", setUp: { app in
            // With a terminal escape sequence in it: a message must never replay the file's contents.
            try Data([0xFF, 0xFE, 0x00, 0x7B] + Array("\u{1B}]0;pwned\u{07}\u{1B}[2J".utf8) + [0x80, 0x81])
                .write(to: BookingsFile.url(app))
        }, phrase: "cannot be read (it is not valid JSON); it was left as it is. Move it aside",
              listing: .refuses("cannot be read (it is not valid JSON)")),
        Fault(name: "a torn write (half a file)", setUp: { app in
            let whole = try BookingsFile.encode(earlier)
            try whole.prefix(whole.count / 2).write(to: BookingsFile.url(app))
        }, phrase: "cannot be read (it is not valid JSON); it was left as it is. Move it aside",
              listing: .refuses("cannot be read (it is not valid JSON)")),
        Fault(name: "an empty file", setUp: { app in
            try Data().write(to: BookingsFile.url(app))
        }, phrase: "cannot be read (it is empty); it was left as it is. Move it aside",
              listing: .refuses("cannot be read (it is empty)")),
        Fault(name: "a record without its key", setUp: { app in
            let file = String(decoding: try BookingsFile.encode(earlier), as: UTF8.self)
                .replacingOccurrences(of: "\"booking_key\"", with: "\"bookin_key\"")
            try Data(file.utf8).write(to: BookingsFile.url(app))
        }, phrase: "cannot be read (bookings[0].booking_key is missing)",
              listing: .refuses("cannot be read (bookings[0].booking_key is missing)")),
        Fault(name: "a newer format", setUp: { app in
            try newerFormat(knownStates: true).write(to: BookingsFile.url(app))
        }, phrase: "was written by a newer flights (format 2)", listing: .lists([earlier[0].bookingReference ?? ""])),
        Fault(name: "a newer format with records this version cannot read", setUp: { app in
            try newerFormat(knownStates: false).write(to: BookingsFile.url(app))
        }, phrase: "was written by a newer flights (format 2)", listing: .refuses("was written by a newer flights (format 2)")),
        Fault(name: "a folder where the file should be", setUp: { app in
            try FileManager.default.createDirectory(at: BookingsFile.url(app), withIntermediateDirectories: true)
        }, phrase: "a folder is where the bookings file should be; move it aside",
              listing: .refuses("a folder is where the bookings file should be; move it aside")),
        Fault(name: "a file where the data directory should be", dataDirectory: { app in
            app.root.appendingPathComponent("data-is-a-file")
        }, setUp: { app in
            try Data("not a folder\n".utf8).write(to: app.root.appendingPathComponent("data-is-a-file"))
        }, phrase: "data-is-a-file is a file, not a folder", listing: .refuses("data-is-a-file is a file, not a folder")),
    ]

    /// Faults of permissions, which bind only a user that is not root (see `Unprivileged`).
    static let permissionFaults: [Fault] = [
        Fault(name: "a read-only file", unprivileged: true, setUp: { app in
            try BookingsFile.write(earlier, to: app)
            try app.handOver(app.dataDirectory)
            try app.setMode(0o444, of: BookingsFile.url(app))
        }, phrase: "the file is read-only", listing: .lists([earlier[0].bookingReference ?? ""])),
        Fault(name: "a read-only data directory", unprivileged: true, setUp: { app in
            try BookingsFile.write(earlier, to: app)
            // The embedded sandbox keeps its orders in a folder of its own there, which stays writable.
            try FileManager.default.createDirectory(at: app.sandboxDirectory, withIntermediateDirectories: true)
            try app.handOver(app.dataDirectory)
            try app.setMode(0o555, of: app.dataDirectory)
        }, phrase: "cannot be opened (Permission denied). Check the folder's permissions",
              listing: .lists([earlier[0].bookingReference ?? ""])),
        Fault(name: "a read-only data directory with its lock file", unprivileged: true, setUp: { app in
            try BookingsFile.write(earlier, to: app)
            try Data().write(to: app.dataDirectory.appendingPathComponent("bookings.json.lock"))
            try FileManager.default.createDirectory(at: app.sandboxDirectory, withIntermediateDirectories: true)
            try app.handOver(app.dataDirectory)
            try app.setMode(0o555, of: app.dataDirectory)
        }, phrase: "no new file can be made in its folder", listing: .lists([earlier[0].bookingReference ?? ""])),
    ]

    /// A bookings file of format 2, with fields this version does not know; with `knownStates` false its record's
    /// state is one this version cannot read either.
    static func newerFormat(knownStates: Bool) throws -> Data {
        guard var file = try JSONSerialization.jsonObject(with: BookingsFile.encode(earlier)) as? [String: Any],
              var records = file["bookings"] as? [[String: Any]]
        else { throw EndToEndFailure("the bookings file is not a JSON object with bookings") }
        records[0]["seats"] = ["12A"]
        if !knownStates { records[0]["state"] = "rebooked" }
        file["version"] = 2
        file["bookings"] = records
        file["loyalty"] = ["programme": "Avios"]
        return try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys])
    }

    @Test(arguments: faults)
    func aBookingThatCannotBeWrittenFirstIsNeverSent(_ fault: Fault) async throws {
        try await expectBookingRefused(fault)
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "the tests run as root and setpriv is missing: permissions would not bind"),
          arguments: permissionFaults)
    func aBookingThatCannotBeWrittenFirstForWantOfPermissionIsNeverSent(_ fault: Fault) async throws {
        try await expectBookingRefused(fault)
    }

    @Test(arguments: faults)
    func theBookingsListNamesTheFileWhenItCannotReadIt(_ fault: Fault) async throws {
        try await expectListing(fault)
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "the tests run as root and setpriv is missing: permissions would not bind"),
          arguments: permissionFaults)
    func theBookingsListReadsWhatItMayNotWrite(_ fault: Fault) async throws {
        try await expectListing(fault)
    }

    // MARK: - What each fault must give

    func expectBookingRefused(_ fault: Fault) async throws {
        try await FlightsApp.withFreshData { app in
            defer { restoreModes(app) }
            let offer = try #require(try await SharedOffers.shared.offers().first)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            try fault.setUp(app)
            let before = snapshot(fault, app)

            let run = try await run(fault, app, ["book", offer, "--passengers", passengers.path, "--yes", "--json"])
            #expect(run.status == 73, "\(run)")
            #expect(run.said.contains("Nothing was booked: The bookings file \(path(fault, app))"), "\(run)")
            #expect(run.said.contains(fault.phrase), "\(run)")
            expectReadable(run)
            // With --json, standard output is for the order alone: there is none.
            #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(run)")
            #expect(snapshot(fault, app) == before, "the bookings file was changed:\n\(run)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty, "an order was sent:\n\(run)")
        }
    }

    func expectListing(_ fault: Fault) async throws {
        try await FlightsApp.withFreshData { app in
            defer { restoreModes(app) }
            try fault.setUp(app)
            let before = snapshot(fault, app)
            for arguments in [["bookings"], ["booking", Self.earlier[0].bookingReference ?? ""]] {
                let run = try await run(fault, app, arguments)
                expectReadable(run)
                switch fault.listing {
                case .lists(let references) where arguments == ["bookings"]:
                    #expect(run.status == 0, "\(run)")
                    for reference in references { #expect(run.output.contains(reference), "\(run)") }
                case .lists(let references):
                    // Its order is not at this flight service (it was made elsewhere): what this machine keeps is
                    // shown, saying so, and the flight service's failure is the exit code.
                    #expect(run.status == 69, "\(run)")
                    #expect(run.output.contains("Booking \(references[0])"), "\(run)")
                    #expect(run.said.contains("this is what this machine keeps"), "\(run)")
                case .refuses(let phrase):
                    #expect(run.status != 0, "\(run)")
                    #expect(run.status == 73, "\(run)")
                    #expect(run.said.contains("The bookings file \(path(fault, app))"), "\(run)")
                    #expect(run.said.contains(phrase), "\(run)")
                }
            }
            #expect(snapshot(fault, app) == before, "reading the bookings changed the file")
        }
    }

    /// A data directory that is a file also stops the embedded sandbox, whose orders live in it: the command fails
    /// as the backend (69), naming the path and the fix, and writes nothing.
    @Test func aDataDirectoryThatIsAFileStopsTheEmbeddedSandboxWithAMessage() async throws {
        try await FlightsApp.withFreshData { app in
            let file = app.root.appendingPathComponent("data-is-a-file")
            try Data("not a folder\n".utf8).write(to: file)
            let run = try await app.run(["bookings"], environment: ["FLIGHTS_DATA_DIR": file.path])
            #expect(run.status == 69, "\(run)")
            #expect(run.said.contains("\(file.path) is a file, not a folder"), "\(run)")
            #expect(run.errors.contains("FLIGHTS_DATA_DIR"), "\(run)")
            expectReadable(run)
            #expect(try Data(contentsOf: file) == Data("not a folder\n".utf8))
        }
    }

    // MARK: - Running one fault

    func run(_ fault: Fault, _ app: FlightsApp, _ arguments: [String]) async throws -> Run {
        var environment: [String: String] = [:]
        if let directory = fault.dataDirectory?(app) {
            environment["FLIGHTS_DATA_DIR"] = directory.path
            environment["FLIGHTS_SANDBOX_DATA_DIR"] = app.sandboxDirectory.path
        }
        return fault.unprivileged
            ? try await app.runUnprivileged(arguments, environment: environment)
            : try await app.run(arguments, environment: environment)
    }

    func path(_ fault: Fault, _ app: FlightsApp) -> String {
        (fault.dataDirectory?(app) ?? app.dataDirectory).appendingPathComponent("bookings.json").path
    }

    /// The bookings file's bytes, or what stands in its place.
    func snapshot(_ fault: Fault, _ app: FlightsApp) -> String {
        let url = URL(fileURLWithPath: path(fault, app))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return "nothing" }
        if isFolder.boolValue { return "a folder" }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let mode = (attributes?[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        return "mode \(mode): " + ((try? Data(contentsOf: url))?.base64EncodedString() ?? "unreadable")
    }

    /// A message in words: no Foundation error domains or decoder type names, no control sequence replayed.
    func expectReadable(_ run: Run) {
        let said = run.output + run.errors
        for jargon in ["NSCocoaErrorDomain", "DecodingError", "Error Domain=", "Code=", "Swift."] {
            #expect(!said.contains(jargon), "the message says \(jargon):\n\(run)")
        }
        #expect(!said.unicodeScalars.contains("\u{1B}"), "an escape character reached the terminal:\n\(run)")
    }

    /// Lets the test's directory be removed after a read-only fault, whoever runs the tests.
    func restoreModes(_ app: FlightsApp) {
        _ = try? app.setMode(0o755, of: app.dataDirectory)
    }
}
