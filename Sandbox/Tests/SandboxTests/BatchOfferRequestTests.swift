import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// `/air/batch_offer_requests`: a search read batch by batch as its airlines answer, each read a long poll; the
/// batches together are the offers a plain offer request gives for the same search.
@Suite("Batch offer requests")
struct BatchOfferRequestTests {
    /// Every read of `batch` until none remain.
    private func readAll(_ batch: BatchOfferRequest, _ offers: DuffelOfferService, timeout: Duration? = nil) async throws -> [BatchOfferRequest] {
        var reads: [BatchOfferRequest] = []
        var remaining = batch.remainingBatches
        while remaining > 0 {
            let read = try await offers.batchOfferRequest(id: batch.id, supplierTimeout: timeout)
            #expect(read.remainingBatches < remaining, "a long poll answers when a batch has come")
            remaining = read.remainingBatches
            reads.append(read)
        }
        return reads
    }

    @Test("LHR → SFO: three batches read one at a time, the failing one empty; together the plain request's offers")
    func batchesOneByOne() async throws {
        try await Harness.run { harness in
            let search = harness.search("LHR", "SFO")
            let batch = try await harness.offers.createBatchOfferRequest(search, supplierTimeout: nil)
            #expect(batch.id.hasPrefix("orq_"))
            #expect(batch.totalBatches == 3)
            #expect(batch.remainingBatches == 3)
            #expect(batch.offers.isEmpty)
            // A reader slower than the batches gets several in one read, those with offers first; the failed batch
            // always comes back in a read of its own, empty.
            let reads = try await readAll(batch, harness.offers)
            #expect(reads.last?.remainingBatches == 0)
            #expect(reads.filter(\.offers.isEmpty).count == 1)
            let owners = reads.map { Set($0.offers.compactMap(\.owner.iataCode)) }
            for (index, these) in owners.enumerated() {
                for those in owners[(index + 1)...] { #expect(these.isDisjoint(with: those)) }
            }
            let arrived = Set(reads.flatMap(\.offers).map(\.id))
            let plain = try await harness.offers.createOfferRequest(search, returnOffers: true)
            #expect(Set(plain.offers.map(\.id)) == arrived)
            let listed = try await harness.offers.offers(OfferQuery(offerRequestID: batch.id, limit: 200))
            #expect(Set(listed.items.map(\.id)) == arrived, "the batch's offers stay listed through its offer request")
        }
    }

    @Test("LHR → LAX with a supplier timeout of 2 s: the 8-second batch comes back empty, on a read of its own")
    func supplierTimeoutCutsTheSlowest() async throws {
        try await Harness.run { harness in
            let batch = try await harness.offers.createBatchOfferRequest(harness.search("LHR", "LAX"), supplierTimeout: .seconds(2))
            let reads = try await readAll(batch, harness.offers, timeout: .seconds(2))
            #expect(reads.last?.offers.isEmpty == true)
            #expect(reads.filter(\.offers.isEmpty).count == 1)
            let listed = try await harness.offers.offers(OfferQuery(offerRequestID: batch.id, limit: 200))
            #expect(Set(listed.items.map(\.id)) == Set(reads.flatMap(\.offers).map(\.id)))
        }
    }

    @Test("an ordinary route's airlines answer at once: one read has every offer")
    func ordinaryRouteAtOnce() async throws {
        try await Harness.run { harness in
            let search = harness.search("LHR", "JFK")
            let batch = try await harness.offers.createBatchOfferRequest(search, supplierTimeout: nil)
            let read = try await harness.offers.batchOfferRequest(id: batch.id, supplierTimeout: nil)
            #expect(read.remainingBatches == 0)
            #expect(read.totalBatches == batch.totalBatches)
            let plain = try await harness.offers.createOfferRequest(search, returnOffers: true)
            #expect(read.offers.map(\.id) == plain.offers.map(\.id))
        }
    }

    @Test("a batch offer request never made is 404")
    func unknownIs404() async throws {
        try await Harness.run { harness in
            let plain = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: false)
            let error = await apiError { try await harness.offers.batchOfferRequest(id: plain.id, supplierTimeout: nil) }
            #expect(error?.status == 404)
            let garbled = await apiError { try await harness.offers.batchOfferRequest(id: "orq_nope", supplierTimeout: nil) }
            #expect(garbled?.status == 404)
        }
    }
}
