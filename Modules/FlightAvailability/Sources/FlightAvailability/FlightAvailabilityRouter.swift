public import Entities
public import Services

/// The ways out of the availability screen. The composer (the App) implements it and decides what comes next.
@MainActor
public protocol FlightAvailabilityRouter: AnyObject {
    /// The traveller chose `offer`, found by `search` (the search as run: after a choice in the date grid, the
    /// shifted one, whose passengers the offer prices).
    func navigateToSummary(offer: Offer, search: SearchRequest)

    /// The traveller wants to change the search: go back to it, its fields kept.
    func navigateBack()

    /// The traveller chose other days in the date grid, then went back to change the search: go back to it,
    /// showing `search`, the days chosen, rather than the fields as they were. The default calls
    /// ``navigateBack()``.
    func navigateBack(withSearch search: SearchRequest)

    /// A `table` or `json` presentation has written its output (or failed); the screen reads no input and its
    /// `run()` returns right after this call. Not called for the interactive presentation.
    func availabilityDidFinish(_ outcome: AvailabilityOutcome)
}

extension FlightAvailabilityRouter {
    /// Goes back as ``navigateBack()`` does: a composer that does not show the days chosen needs nothing more.
    public func navigateBack(withSearch search: SearchRequest) {
        navigateBack()
    }
}

/// How a `table` or `json` presentation ended, for the composer's exit code.
public enum AvailabilityOutcome: Sendable, Hashable, Codable {
    /// This many offers were written.
    case shown(offers: Int)
    /// The search found no offers; the output says so (an empty `offers` array in JSON).
    case noOffers
    /// The search failed; the error was written as a diagnostic (standard error).
    case failed(ServiceError)
}

/// The ways out, as data; the Builder calls the router method of each.
enum FlightAvailabilityRoute: Encodable, Sendable, Equatable {
    /// To the summary of `offer`, found by `search`.
    case summary(offer: Offer, search: SearchRequest)
    /// Back to the search.
    case back
    /// Back to the search, which should now show `search` (days chosen in the date grid).
    case backChangingSearch(SearchRequest)
    /// A `table` or `json` presentation is done.
    case finished(AvailabilityOutcome)
}
