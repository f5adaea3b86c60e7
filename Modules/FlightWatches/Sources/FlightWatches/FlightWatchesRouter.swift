public import Entities

/// The ways out of FlightWatches; the composer implements it.
@MainActor
public protocol FlightWatchesRouter: AnyObject {
    /// The traveller asked to search a watch again: its search (a window's first day), to be shown as any search's
    /// offers are.
    func navigateToOffers(searching search: SearchRequest)
    /// The traveller left the watches.
    func navigateBackFromWatches()
}
