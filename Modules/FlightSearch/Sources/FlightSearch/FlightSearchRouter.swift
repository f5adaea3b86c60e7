public import Entities
public import Services

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

    /// Unattended mode only: what the input gave cannot be searched. The same sentences have already been written
    /// to the terminal's diagnostics (standard error).
    func flightSearchDidFail(_ failure: FlightSearchFailure)
}

/// Why an unattended search could not be made.
public enum FlightSearchFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The input cannot be searched as given; each element is a sentence naming the field and what to do.
    case invalidInput([String])
    /// A place look-up (`flights places <text>`) found nothing for the text; the sentence says so.
    case nothingFound(String)
    /// The place service failed while resolving a place (it timed out, say).
    case service(ServiceError)

    /// The sentences, one a line.
    public var description: String {
        switch self {
        case .invalidInput(let problems): problems.joined(separator: "\n")
        case .nothingFound(let message): message
        case .service(let error): error.description
        }
    }
}
