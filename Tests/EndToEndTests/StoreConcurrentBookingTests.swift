import Entities
import Foundation
import Testing

/// Two `flights book` processes on one data directory at the same moment, each writing its pending record, sending,
/// and writing the confirmation: the store's lock must let both land, whatever the interleaving.
@Suite struct StoreConcurrentBookingTests {
    @Test func twoBookingsAtOnceAreBothKeptInAValidFile() async throws {
        try await FlightsApp.withFreshData { app in
            let offers = try await SharedOffers.shared.offers()
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            // A file with bookings already in it, so each write is a read-modify-write of something worth losing.
            let earlier = BookingsFile.pastRecords(200)
            try BookingsFile.write(earlier, to: app)

            // Both are started before either is awaited. The flight service takes a while to answer a booking, so
            // each process's pending write and its confirmation fall on either side of the other's writes.
            let slowOrders = ["FLIGHTS_SANDBOX_FAULTS": "latency=1500ms,on=POST:/air/orders"]
            let first = try app.start(["book", offers[0], "--passengers", passengers.path, "--yes", "--json"], environment: slowOrders)
            let second = try app.start(["book", offers[1], "--passengers", passengers.path, "--yes", "--json"], environment: slowOrders)
            defer {
                first.terminate()
                second.terminate()
            }
            first.closeInput()
            second.closeInput()
            async let firstStatus = first.waitForExit()
            async let secondStatus = second.waitForExit()
            let statuses = try await [firstStatus, secondStatus]
            #expect(statuses == [0, 0], "\(first.transcript)\n\(second.transcript)")

            let references = try [first, second].map {
                try DuffelJSON.decoder().decode(Order.self, from: Data($0.output.text.utf8)).bookingReference
            }
            let file = try BookingsFile.decode(try #require(BookingsFile.bytes(app)))
            #expect(file.version == 1)
            #expect(file.bookings.count == earlier.count + 2, "\(file.bookings.count) records")
            for reference in references {
                let record = file.bookings.first { $0.bookingReference == reference }
                #expect(record?.state == .confirmed, "booking \(reference): \(String(describing: record))")
            }
            #expect(Set(file.bookings.filter { $0.bookingKey.hasPrefix("bk_past_") }) == Set(earlier),
                    "an earlier booking was lost or changed")
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(Set(orders.map(\.bookingReference)) == Set(references))

            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            for reference in references { #expect(list.output.contains(reference), "\(list)") }
        }
    }
}
