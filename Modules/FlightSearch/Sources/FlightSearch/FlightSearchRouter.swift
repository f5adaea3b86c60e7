public import Entities

/// The ways out of the flight search screen, each saying what happened; the composer (the App, or another team's
/// app) implements it and builds the next screen from what it is handed. Every method is named after the module
/// (`search…`), so one object can implement several modules' routers and still tell their ways out apart.
@MainActor
public protocol FlightSearchRouter: AnyObject {
    /// The traveller asked to search `request`: it has been validated against `SearchRequest.validationIssues(today:)`
    /// and the module's own rules. Run the search screen again after whatever shows the offers: it comes back with
    /// every field filled in.
    func searchDidSearch(for request: SearchRequest)

    /// The traveller left: `q`, `y` to "Leave?" (asked by Esc or `b` at the first step), Ctrl-C, or the end of the
    /// input.
    func searchDidGoBack()
}
