public import Entities

/// The ways out of the flight search screen. The composer (the App, or another team's app) implements it and
/// builds the next screen from what it is handed.
@MainActor
public protocol FlightSearchRouter: AnyObject {
    /// The traveller asked to search: show the offers for `request`. The request has been validated against
    /// `SearchRequest.validationIssues(today:)` and the module's own rules. When the availability screen is popped,
    /// run the search screen again: it comes back with every field filled in.
    func navigateToAvailability(for request: SearchRequest)

    /// The traveller left: `q`, `y` to "Leave?" (asked by Esc or `b` at the first step), Ctrl-C, or the end of the
    /// input.
    func navigateBack()
}
