public import Entities

/// The ways out of the availability screen, each saying what happened; the composer (the App, or another team's
/// tool) implements it and decides what comes next. Every method is named after the module (`availability…`), so
/// one object can implement several modules' routers and still tell their ways out apart.
@MainActor
public protocol FlightAvailabilityRouter: AnyObject {
    /// The traveller chose `offer`, found by `search` (the search as run: after a choice in the date grid, the
    /// shifted one, whose passengers the offer prices).
    func availabilityDidChoose(offer: Offer, search: SearchRequest)

    /// The traveller went back to change the search (its fields as they were).
    func availabilityDidGoBack()

    /// The traveller chose other days in the date grid, then went back to change the search: `search` is the
    /// search with the days chosen, to show rather than the fields as they were. The default calls
    /// ``availabilityDidGoBack()``.
    func availabilityDidGoBack(withSearch search: SearchRequest)
}

extension FlightAvailabilityRouter {
    /// Goes back as ``availabilityDidGoBack()`` does: a composer that does not show the days chosen needs nothing
    /// more.
    public func availabilityDidGoBack(withSearch search: SearchRequest) {
        availabilityDidGoBack()
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
