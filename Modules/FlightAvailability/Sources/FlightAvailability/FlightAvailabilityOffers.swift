import Entities
import Foundation
import Services
import Trips

/// The rules over a list of offers, as pure functions: sorting, filtering, stops, airlines.
enum AvailabilityOffers {
    /// `offers` in `sort` order (the core's ``OfferOrder``: ties to the cheaper, then to the order found).
    static func sorted(_ offers: [Offer], by sort: AvailabilitySort) -> [Offer] {
        sort.sorted(offers)
    }

    /// The indices of `offers` in `sort` order.
    static func sortedIndices(_ offers: [Offer], by sort: AvailabilitySort) -> [Int] {
        sort.sortedIndices(offers)
    }

    /// The offer's CO₂ estimate in kilograms; `nil` when the airline gives none a person could read.
    static func emissionsKg(_ offer: Offer) -> Decimal? {
        OfferOrder.emissionsKg(offer)
    }

    /// The offers that pass `filters`, in their order.
    static func filtered(_ offers: [Offer], by filters: AvailabilityFilters) -> [Offer] {
        filters.isEmpty ? offers : offers.filter(filters.admits)
    }

    /// The indices of `offers` that pass `filters`, in `sort` order: what the pages show.
    static func visible(_ offers: [Offer], sort: AvailabilitySort, filters: AvailabilityFilters) -> [Int] {
        let ordered = sortedIndices(offers, by: sort)
        return filters.isEmpty ? ordered : ordered.filter { filters.admits(offers[$0]) }
    }

    /// Every airline that sells or flies a flight of `offers`, by name, for the carrier filter.
    static func carriers(in offers: [Offer]) -> [Carrier] {
        var byCode: [String: Carrier] = [:]
        for segment in offers.flatMap({ $0.slices.flatMap(\.segments) }) {
            for carrier in [segment.marketingCarrier, segment.operatingCarrier] {
                guard let code = carrier.iataCode?.uppercased(), byCode[code] == nil else { continue }
                byCode[code] = carrier
            }
        }
        return byCode.values.sorted { ($0.iataCode ?? "") < ($1.iataCode ?? "") }
    }
}
