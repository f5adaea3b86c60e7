public import Entities

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
}

extension FlightAvailabilityRouter {
    /// Goes back as ``navigateBack()`` does: a composer that does not show the days chosen needs nothing more.
    public func navigateBack(withSearch search: SearchRequest) {
        navigateBack()
    }
}

/// The ways out, as data; the Builder calls the router method of each.
enum FlightAvailabilityRoute: Encodable, Sendable, Equatable {
    /// To the summary of `offer`, found by `search`.
    case summary(offer: Offer, search: SearchRequest)
    /// Back to the search.
    case back
    /// Back to the search, which should now show `search` (days chosen in the date grid).
    case backChangingSearch(SearchRequest)
}
