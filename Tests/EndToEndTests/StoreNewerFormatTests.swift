import Entities
import Foundation
import Testing

/// A bookings file written by a newer flights is read, never written over: writing it back in this version's format
/// would drop what this version does not know. So no command changes a byte of it, and a new booking, which must be
/// written first, is never sent.
@Suite struct StoreNewerFormatTests {
    @Test func noCommandRewritesANewerFileAndABookingIntoItIsNeverSent() async throws {
        try await FlightsApp.withFreshData { app in
            let offers = try await SharedOffers.shared.offers()
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let booked = try await app.run(["book", offers[0], "--passengers", passengers.path, "--yes", "--json"])
            try #require(booked.status == 0, "\(booked)")
            let reference = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8)).bookingReference

            // The same booking, as a newer flights would keep it: format 2, with fields this version does not know.
            let file = BookingsFile.url(app)
            guard var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                  var records = contents["bookings"] as? [[String: Any]], !records.isEmpty
            else { throw EndToEndFailure("the bookings file is not a JSON object with bookings") }
            records[0]["seats"] = ["12A"]
            contents["bookings"] = records
            contents["version"] = 2
            contents["loyalty"] = ["programme": "Avios"]
            let newer = try JSONSerialization.data(withJSONObject: contents, options: [.prettyPrinted, .sortedKeys])
            try newer.write(to: file)

            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            #expect(list.output.contains(reference), "\(list)")
            let shown = try await app.run(["booking", reference])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains("Booking \(reference)"), "\(shown)")
            #expect(try Data(contentsOf: file) == newer, "showing the booking rewrote the newer file")

            let another = try await app.run(["book", offers[1], "--passengers", passengers.path, "--yes"])
            #expect(another.status == 73, "\(another)")
            #expect(another.said.contains("Nothing was booked: The bookings file \(file.path) was written by a newer flights (format 2)"),
                    "\(another)")
            #expect(another.said.contains("Update flights, or set FLIGHTS_DATA_DIR to another folder"), "\(another)")
            #expect(try Data(contentsOf: file) == newer, "a booking attempt rewrote the newer file")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).map(\.bookingReference) == [reference],
                    "the second booking was sent although it could not be written first")

            // A cancellation happens at the flight service; the local record is left for the newer flights, and
            // the traveller is told.
            let cancelled = try await app.run(["cancel", reference, "--yes"])
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.said.contains("The local record could not be updated"), "\(cancelled)")
            #expect(try Data(contentsOf: file) == newer, "the cancellation rewrote the newer file")
        }
    }
}
