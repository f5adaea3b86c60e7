public import Entities

/// The ways out of FlightWatches, each saying what happened; the composer implements it. Every method is named after
/// the module (`watches…`), so one object can implement several modules' routers.
@MainActor
public protocol FlightWatchesRouter: AnyObject {
    /// The traveller asked to search a watch again: its search (a window's first day), to be shown as any search's
    /// offers are.
    func watchesDidAskToSearch(_ search: SearchRequest)
    /// The traveller left the watches.
    func watchesDidGoBack()
}
