import Entities
import Trips
import Foundation

/// How many places the search form suggests for a text.
enum FlightSearchPlaces {
    /// Suggestion lists longer than this stop helping: the place the traveller means is near the top or needs
    /// more letters.
    static let suggestionLimit = 10
}
