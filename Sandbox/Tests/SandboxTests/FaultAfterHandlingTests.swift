import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Services
import Testing
@testable import SandboxServer

/// `after=STATUS`: the sandbox does the work, then answers as if it had not; `times=N` strikes only the first N
/// requests; `on=` takes `*` for one path segment.
@Suite("Sandbox: faults after the work is done")
struct FaultAfterHandlingTests {
    @Test("after=, times= and a wildcard scope read, write back and refuse what they cannot read")
    func parsing() throws {
        let plan = try FaultPlan(parsing: "after=429,times=1,on=POST:/air/order_cancellations/*/actions/confirm")
        #expect(plan.errorAfterHandling == 429 && plan.times == 1 && !plan.isEmpty)
        #expect(try FaultPlan(parsing: plan.description) == plan)
        #expect(plan.applies(method: "POST", path: "/air/order_cancellations/ore_1/actions/confirm"))
        #expect(!plan.applies(method: "POST", path: "/air/order_cancellations"))
        #expect(!plan.applies(method: "POST", path: "/air/order_cancellations/ore_1"))
        #expect(!plan.applies(method: "GET", path: "/air/order_cancellations/ore_1/actions/confirm"))
        for bad in ["after=200", "after=", "after=soon", "times=0", "times=-1", "times=x"] {
            #expect(throws: SandboxError.self, "\(bad)") { try FaultPlan(parsing: bad) }
        }
    }

    @Test("times=2 strikes the first two requests the plan touches and no more")
    func times() throws {
        let injector = FaultInjector(plan: try FaultPlan(parsing: "error=503,times=2"))
        // A request with faults in its header gets them and is not counted.
        let statuses = [false, true, false, false, true].map { injector.decide(injector.plan, fromHeader: $0).errorStatus }
        #expect(statuses == [503, 503, 503, nil, 503])
    }

    @Test("an order booked, then answered 429 with a short reset: the client's second try is told it is booked already")
    func orderBookedThenRateLimited() async throws {
        try await Harness.run(faults: try FaultPlan(parsing: "after=429,times=1,on=POST:/air/orders")) { harness in
            let departure = harness.clock.date(daysAhead: 30)
            let offer = try #require(try await harness.offers.search(harness.search("LHR", "CDG")).offers.first)
            let body = try DuffelJSON.encoder().encode(DataEnvelope(
                harness.instantOrder(offer, departure: departure, metadata: ["flights_booking_key": "after-1"])))
            let first = try await harness.raw(.post, "/air/orders", body: String(decoding: body, as: UTF8.self))
            #expect(first.status == 429)
            #expect(first.headers["retry-after"] == "1")
            #expect(try harness.decodeError(first).primary?.type == .rateLimit)
            // The order was made all the same, under the key sent.
            let made = try await harness.orders.orders(OrderQuery(limit: 50)).items
            #expect(made.compactMap { $0.metadata?["flights_booking_key"] } == ["after-1"])
            let second = try await harness.raw(.post, "/air/orders", body: String(decoding: body, as: UTF8.self))
            #expect(second.status == 422)
            #expect(try harness.decodeError(second).has(.alreadyBooked))
            #expect(try await harness.orders.orders(OrderQuery(limit: 50)).items.count == 1)
        }
    }
}
