import Entities
public import Foundation
public import Services

/// A recorded Duffel v2 response in `Responses/`.
public enum FixtureFile: String, Sendable, CaseIterable {
    /// LHR→JFK, one adult, economy, offers inline: direct and connecting offers from several carriers.
    case offerRequestOneWay = "offer-request-one-way"
    /// LHR⇄JFK, two adults and a child of 8: two slices per offer.
    case offerRequestRoundTrip = "offer-request-round-trip"
    /// PVD→RAI: no offers.
    case offerRequestEmpty = "offer-request-empty"
    /// `GET /air/offers`, first page (with a cursor).
    case offersPage1 = "offers-page-1"
    /// `GET /air/offers`, last page.
    case offersPage2 = "offers-page-2"
    /// `GET /air/offers/{id}`.
    case offer
    /// `GET /air/seat_maps?offer_id=` for ``offer``: one 3-3-3 economy map, taken, free and priced seats.
    case seatMaps = "seat-maps"
    /// `GET /air/seat_maps` for the round trip's first offer (two adults and a child): a map per segment.
    case seatMapsRoundTrip = "seat-maps-round-trip"
    /// An instant order with its booking reference.
    case order
    /// `GET /air/orders?booking_reference=…`.
    case ordersByReference = "orders-by-reference"
    /// A cancellation quote.
    case orderCancellationQuote = "order-cancellation-quote"
    /// A confirmed cancellation.
    case orderCancellationConfirmed = "order-cancellation-confirmed"
    /// Suggestions for `lon`.
    case placesLon = "places-lon"
    /// Suggestions for `new york`.
    case placesNewYork = "places-new-york"
    /// Suggestions for `jfk`.
    case placesJFK = "places-jfk"
    /// Suggestions for `paris cdg`.
    case placesParisCDG = "places-paris-cdg"
    /// 502-style `airline_error`.
    case errorAirline = "error-airline"
    /// 504 `api_error`: the supplier timed out.
    case errorAPI = "error-api"
    /// 401 `authentication_error`.
    case errorAuthentication = "error-authentication"
    /// 400 `invalid_request_error`.
    case errorInvalidRequest = "error-invalid-request"
    /// `invalid_state_error`.
    case errorInvalidState = "error-invalid-state"
    /// 429 `rate_limit_error`.
    case errorRateLimit = "error-rate-limit"
    /// 422 `validation_error` with a source field.
    case errorValidation = "error-validation"
    /// 422 `offer_no_longer_available`.
    case errorOfferNoLongerAvailable = "error-offer-no-longer-available"
    /// 422 `price_changed`.
    case errorPriceChanged = "error-price-changed"
    /// 404 `not_found`.
    case errorNotFound = "error-not-found"

    /// Whether the file is an error envelope.
    public var isError: Bool { rawValue.hasPrefix("error-") }

    /// The file's bytes.
    public var data: Data {
        get throws(ServiceError) {
            guard let url = Bundle.module.url(forResource: rawValue, withExtension: "json", subdirectory: "Responses")
            else { throw .malformedResponse("The fixture \(rawValue).json is missing from the bundle.") }
            do {
                return try Data(contentsOf: url)
            } catch {
                throw .malformedResponse("The fixture \(rawValue).json cannot be read: \(error.localizedDescription)")
            }
        }
    }

    /// The HTTP status the file was answered with: `meta.status` for an error, 200 otherwise.
    public var status: Int {
        get throws(ServiceError) {
            guard isError else { return 200 }
            struct Meta: Decodable { var meta: Status }
            struct Status: Decodable { var status: Int }
            do {
                return try JSONDecoder().decode(Meta.self, from: data).meta.status
            } catch {
                throw .malformedResponse("The fixture \(rawValue).json has no meta.status.")
            }
        }
    }

    /// Decodes the file as a live response with its status would be: a value, or the `ServiceError` an error
    /// file means.
    public func decode<Response: Decodable>(_ type: Response.Type) throws(ServiceError) -> Response {
        try DuffelResponseDecoder.decode(type, status: status, body: data)
    }

    /// The error an error file means (a `ServiceError.api`).
    public var error: ServiceError {
        do {
            return DuffelResponseDecoder.errorFor(status: try status, body: try data, rateLimit: nil)
        } catch {
            return error
        }
    }
}

/// What a fixture service answers to one call: a recorded file, or a failure such as a timeout.
public enum FixtureReply: Sendable {
    /// Answer with this file (an error file throws its error).
    case file(FixtureFile)
    /// Fail with this error, as the network or the server would.
    case failure(ServiceError)
}
