public import Entities
public import Foundation

/// The orders offers can be listed in. Sorting happens on this machine, over every offer found, the same for a
/// screen, a command and a tool.
public enum OfferOrder: String, Sendable, Hashable, CaseIterable, Codable {
    /// Cheapest first.
    case price
    /// Shortest total journey first.
    case duration
    /// Earliest departure of the first leg first.
    case departure
    /// Earliest arrival of the first leg first.
    case arrival
    /// Least CO₂ first (the airline's estimate, `total_emissions_kg`); offers without an estimate last.
    case emissions

    /// `offers` in this order; ties go to the cheaper, then to the order found, so the order is stable.
    public func sorted(_ offers: [Offer]) -> [Offer] {
        sortedIndices(offers).map { offers[$0] }
    }

    /// The indices of `offers` in this order.
    public func sortedIndices(_ offers: [Offer]) -> [Int] {
        // Indices are sorted, not offers: an offer is a large value, and moving a thousand of them about was most
        // of the time a sort took.
        let keys = offers.map(sortKey)
        let amounts = offers.map(\.totalAmount.amount)
        return offers.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return keys[lhs] < keys[rhs] }
            if amounts[lhs] != amounts[rhs] { return amounts[lhs] < amounts[rhs] }
            return lhs < rhs
        }
    }

    /// A number to sort by: amounts and instants compare across currencies' digits and time zones.
    private func sortKey(_ offer: Offer) -> Double {
        switch self {
        case .price:
            return NSDecimalNumber(decimal: offer.totalAmount.amount).doubleValue
        case .duration:
            return Double(offer.totalDuration.seconds)
        case .departure:
            guard let slice = offer.slices.first, let first = slice.segments.first else { return .infinity }
            return first.departingAt.instant(in: first.origin.zone).timeIntervalSince1970
        case .arrival:
            guard let slice = offer.slices.first, let last = slice.segments.last else { return .infinity }
            return last.arrivingAt.instant(in: last.destination.zone).timeIntervalSince1970
        case .emissions:
            // Without an estimate an offer goes last; among those, the cheaper first (the tie rule).
            return Self.emissionsKg(offer).map { NSDecimalNumber(decimal: $0).doubleValue } ?? .infinity
        }
    }

    /// The offer's CO₂ estimate in kilograms, read from Duffel's string (`"412"`); `nil` when the airline gives
    /// none or the text is not a number of kilograms (what the server sends is never shown as it came).
    public static func emissionsKg(_ offer: Offer) -> Decimal? {
        guard let text = offer.totalEmissionsKg?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              text.count <= 12, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), text.filter({ $0 == "." }).count <= 1,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value >= 0
        else { return nil }
        return value
    }
}
