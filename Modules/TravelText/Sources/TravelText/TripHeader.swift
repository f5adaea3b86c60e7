public import Entities

/// The lines above a list of offers or a date grid: the route with place names, then the dates, the passengers,
/// the cabin and (once known) how many offers. The offers screen and `flights search` print the same two lines.
public struct TripHeader: Codable, Sendable, Equatable {
    /// `London (LHR) → New York (JFK)`.
    public var title: String
    /// `Fri 18 Dec · 1 adult · Economy · 14 offers`.
    public var details: String

    /// A header of these two lines.
    public init(title: String, details: String) {
        self.title = title
        self.details = details
    }

    /// The header of `request`: the places named by `offerRequest` when known, and `offerCount` when the offers
    /// are in.
    public init(_ request: SearchRequest, offerRequest: OfferRequest? = nil, offerCount: Int? = nil) {
        var details = [OfferFormat.dates(request), TravelFormat.passengers(request.passengers),
                       request.cabinClass?.displayName ?? "Any cabin"]
        if let offerCount { details.append(TravelFormat.count(offerCount, "offer")) }
        self.init(title: OfferFormat.route(request, offerRequest), details: details.joined(separator: " · "))
    }
}
