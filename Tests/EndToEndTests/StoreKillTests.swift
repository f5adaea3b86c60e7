import Entities
import Foundation
import Synchronization
import Testing

#if os(Linux)
/// `kill -9` in the middle of rewriting a large bookings file: at each moment of each of a booking's two writes
/// (the pending record, then the confirmation), the file must read back as the old content or the new, never a
/// torn mix; an order the flight service holds is always in it; and the next booking works and leaves no debris.
///
/// The moments come from inotify, not from guessing: the process is killed as soon as the test hears that the
/// temporary file was created (nothing written yet), written, closed (flushed, not renamed), or renamed into place.
@Suite struct StoreKillTests {
    struct Moment: Sendable, CustomTestStringConvertible {
        /// 1: the pending record written before the order is sent; 2: the confirmation written after.
        let write: Int
        let moment: FileEventTrigger.Moment
        var testDescription: String { "write \(write) (\(write == 1 ? "pending" : "confirmed")), \(moment.rawValue)" }
    }

    static let moments = [1, 2].flatMap { write in FileEventTrigger.Moment.allCases.map { Moment(write: write, moment: $0) } }

    /// Large enough that writing it is work (about 1 MB), small enough to stay quick on two busy cores.
    static let earlierCount = 1_500

    @Test(arguments: moments)
    func aProcessKilledWhileWritingLeavesTheOldFileOrTheNewNeverATornOne(_ kill: Moment) async throws {
        try await FlightsApp.withFreshData { app in
            let offers = try await SharedOffers.shared.offers()
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let earlier = BookingsFile.pastRecords(Self.earlierCount)
            try BookingsFile.write(earlier, to: app)
            let old = try #require(BookingsFile.bytes(app))

            let booking = ProcessBox()
            let renamed = kill.moment == .renamedInto
            let trigger = try FileEventTrigger(
                directory: app.dataDirectory, moment: kill.moment, occurrence: kill.write, perName: !renamed,
                matches: { name in
                    renamed ? name == "bookings.json" : name.hasPrefix(".bookings.json.") && name.hasSuffix(".tmp")
                },
                action: { booking.process?.send(signal: SIGKILL) })
            let flights = try app.start(["book", offers[0], "--passengers", passengers.path, "--yes", "--json"])
            booking.process = flights
            defer { flights.terminate() }
            flights.closeInput()
            let status = try await flights.waitForExit()
            let fired = trigger.hasFired
            await trigger.cancel()
            try #require(fired, "the moment never came:\n\(flights.transcript)")
            // Only after the last rename can the process end on its own before the signal lands.
            let last = kill.write == 2 && renamed
            #expect(status == 128 + SIGKILL || (last && status == 0), "\(flights.transcript)")

            let after = try #require(BookingsFile.bytes(app), "the bookings file is gone")
            let file: BookingsFile.Contents
            do {
                file = try BookingsFile.decode(after)
            } catch {
                Issue.record("the bookings file is torn (\(after.count) bytes, was \(old.count)): \(error)")
                return
            }
            if after != old {
                // The new content: every earlier record as it was, and this booking's, pending or confirmed.
                #expect(file.bookings.count == earlier.count + 1, "\(file.bookings.count) records")
                #expect(Set(file.bookings.filter { $0.bookingKey.hasPrefix("bk_past_") }) == Set(earlier))
                let new = file.bookings.filter { !$0.bookingKey.hasPrefix("bk_past_") }
                #expect(new.map(\.offerID) == [offers[0]], "\(new)")
                #expect(new.allSatisfy { [.pending, .confirmed].contains($0.state) }, "\(new)")
            }
            if kill.write == 2 || renamed {
                // The pending record was in place before the kill (or the first rename was heard).
                #expect(after != old, "the pending record is missing")
            }
            // An order at the flight service is always on this machine too: the pending record came first.
            let keys = Set(file.bookings.map(\.bookingKey))
            for order in try await SandboxOrders.all(in: app.sandboxDirectory) {
                #expect(order.metadata?["flights_booking_key"].map(keys.contains) == true,
                        "order \(order.bookingReference) is not in the bookings file")
            }

            // The next booking (another offer) works, keeps everything, and leaves no temporary file behind.
            let next = try await app.run(["book", offers[1], "--passengers", passengers.path, "--yes", "--json"])
            #expect(next.status == 0, "\(next)")
            let final = try BookingsFile.decode(try #require(BookingsFile.bytes(app)))
            #expect(Set(final.bookings.filter { $0.bookingKey.hasPrefix("bk_past_") }) == Set(earlier))
            #expect(final.bookings.contains { $0.offerID == offers[1] && $0.state == .confirmed })
            let debris = try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory.path)
                .filter { $0.hasSuffix(".tmp") }
            #expect(debris.isEmpty, "temporary files left in the data directory: \(debris)")
        }
    }
}

/// The process the trigger kills, set once it has started (the trigger is armed before, so no moment is missed).
private final class ProcessBox: Sendable {
    private let stored = Mutex<Subprocess?>(nil)

    var process: Subprocess? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
#endif
