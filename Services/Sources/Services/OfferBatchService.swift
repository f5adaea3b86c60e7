public import Entities

/// Searches whose offers arrive batch by batch as the airlines answer (Duffel's batch offer requests), for a
/// screen that shows the first offers while the slower airlines are still answering. An API without them is
/// searched with ``OfferService`` alone.
public protocol OfferBatchService: Sendable {
    /// Starts a search: its id and how many batches to expect. Airlines that take longer than `supplierTimeout`
    /// (2 to 60 seconds; the client's own when `nil`) are not waited for.
    func createBatchOfferRequest(_ request: SearchRequest, supplierTimeout: Duration?) async throws(ServiceError) -> BatchOfferRequest

    /// The offers of the batches that arrived since the last read, waiting for one when none has (a long poll, at
    /// most `supplierTimeout`), and how many batches remain.
    func batchOfferRequest(id: String, supplierTimeout: Duration?) async throws(ServiceError) -> BatchOfferRequest
}
