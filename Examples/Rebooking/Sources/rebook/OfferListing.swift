import Entities
import Foundation
import Services
import TerminalUI
import TravelText
import Trips

/// `--show table|json`: the offers printed once, with no screen. Flights' core searches (`SearchFlights`) and its
/// offers table lays them out (`OfferTable`, the same one `flights search` prints); standard output carries only
/// the offers, progress and failures go to standard error.
enum OfferListing {
    @MainActor
    static func print(
        _ request: SearchRequest, json: Bool, offers: any OfferService, on terminal: any Terminal
    ) async -> RebookingFlow.Result {
        terminal.writeDiagnostic("Searching flights \(TravelFormat.route(request)) on \(OfferFormat.dates(request))…\n")
        switch await SearchFlights(offers: offers).offers(for: request) {
        case .failure(let error):
            terminal.writeDiagnostic("rebook: \(UntrustedText.visible(error.message))\n")
            return .failed(error.description)
        case .success(let found):
            if json {
                let document = Document(offerRequestID: found.offerRequest.id, offers: found.offers)
                guard let data = try? DuffelJSON.encoder(pretty: true).encode(document) else {
                    return .failed("The offers could not be written as JSON.")
                }
                terminal.write(UntrustedText.jsonEscaped(String(decoding: data, as: UTF8.self)) + "\n")
            } else {
                terminal.write(OfferTable.listing(
                    request, offerRequest: found.offerRequest, shown: found.offers, total: found.offers.count,
                    sortedBy: .price, width: terminal.columns) + "\n")
            }
            return found.offers.isEmpty ? .noOffers : .listed(found.offers.count)
        }
    }

    /// The offer request's id and its offers, in Duffel's format.
    private struct Document: Encodable {
        var offerRequestID: String
        var offers: [Offer]

        private enum CodingKeys: String, CodingKey {
            case offerRequestID = "offer_request_id", offers
        }
    }
}
