import Entities
import Services

/// What must happen outside the search screen's reducer.
enum FlightSearchEffect: Encodable, Sendable, Equatable {
    /// Show or ask something.
    case show(FlightSearchOutput)
    /// Ask the place service for suggestions for `text`; a newer look-up replaces an older one.
    case lookUpPlaces(id: Int, text: String)
    /// Resolve and validate the whole input without asking (unattended mode).
    case searchUnattended(FlightSearchInput)
    /// Leave the screen.
    case navigate(FlightSearchRoute)
}

/// The ids the screen's service effects run under: a newer look-up replaces an older one, and all stop when the
/// screen goes.
enum FlightSearchEffectID: String, Hashable, Sendable, Codable {
    case placeLookup
    case unattendedSearch
}

/// The ways out of the screen, as the router offers them.
enum FlightSearchRoute: Encodable, Sendable, Equatable {
    /// Search `request`.
    case availability(SearchRequest)
    /// Leave.
    case back
    /// Unattended mode: the input cannot be searched.
    case failed(FlightSearchFailure)
}

/// What the view can be told: one case for each of its display methods.
enum FlightSearchOutput: Codable, Sendable, Equatable {
    case header(FlightSearchHeaderViewModel)
    case form(FlightSearchFormViewModel)
    case summary(FlightSearchSummaryViewModel)
    case legs(FlightSearchLegsViewModel)
    case confirmation(String)
    case error(FlightSearchErrorViewModel)
    case progress(String?)
    case places(FlightSearchPlacesViewModel)
    case failure([String])
    case ask(FlightSearchQuestion)
    case finish
}
