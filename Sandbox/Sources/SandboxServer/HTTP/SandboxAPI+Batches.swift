import Entities
import Foundation

/// Batch offer requests (`/air/batch_offer_requests`): a search whose offers are read batch by batch as its
/// airlines answer (``AirlineBatches``), each read waiting for the next batch when none is ready (a long poll).
extension SandboxAPI {
    /// `POST /air/batch_offer_requests?supplier_timeout=`: the search made, its batches counted; no offers yet.
    func createBatchOfferRequest(body: Data, supplierTimeout: Duration?) async throws(APIFailure) -> APIReply {
        let request = try RequestBody.decode(SearchRequest.self, from: body)
        let searchedAt = now()
        try validate(request, at: searchedAt)
        let key = SearchKey(request: request, offerCount: 0, createdAt: searchedAt, supplierTimeout: supplierTimeout)
        try await timeOutIfTheScenarioSays(key, supplierTimeout: supplierTimeout)
        let search = generatedSearch(for: key)
        batchRequests.start(search.offerRequestID, at: .now)
        var reply = try APIReply.json(DataWire(BatchOfferRequestWire(
            id: search.offerRequestID, createdAt: key.createdAt, totalBatches: search.batches.count,
            remainingBatches: search.batches.count, offers: nil)))
        reply.status = 201
        return reply
    }

    /// `GET /air/batch_offer_requests/{id}`: the offers of the batches that answered since the last read, waiting
    /// for the next when none has; `remaining_batches` 0 once every batch was read.
    func batchOfferRequest(id: String) async throws(APIFailure) -> APIReply {
        guard let key = SandboxID.searchKey(fromOfferRequestID: id) else {
            throw .notFound("No batch offer request has the id \(id).")
        }
        let search = generatedSearch(for: key)
        while true {
            switch batchRequests.read(id, batches: search.batches, supplierTimeout: key.supplierTimeout, at: .now) {
            case .unknown:
                throw .notFound("No batch offer request has the id \(id).")
            case .expired:
                throw .notFound(
                    "Batch offer request \(id) expired a minute after it was made; list its offers with GET /air/offers?offer_request_id=\(id).")
            case .wait(let instant):
                do {
                    try await Task.sleep(until: instant, clock: .continuous)
                } catch {
                    // The server is stopping, or the client left: nothing more to wait for.
                    throw .internalError("The batch offer request stopped waiting: the sandbox is stopping.")
                }
            case .ready(let indices, let remaining):
                let airlines = indices.reduce(into: Set<String>()) { $0.formUnion(search.batches[$1].airlines) }
                let offers = search.offers.filter { airlines.contains($0.owner.iataCode ?? "") }
                return try .json(DataWire(BatchOfferRequestWire(
                    id: id, createdAt: key.createdAt, totalBatches: search.batches.count, remainingBatches: remaining,
                    offers: offers)))
            }
        }
    }
}
