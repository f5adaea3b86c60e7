import Entities
import Foundation

/// Everything an offer sells beyond its fare, by service id: a checked bag per passenger and slice (the offer's
/// `available_services`), and each free or priced seat of its seat maps for each passenger who may take it.
/// An order's `services` name these ids.
struct ServiceCatalog: Sendable {
    private(set) var services: [String: AvailableService] = [:]

    init(offer: Offer, seatMaps: [SeatMap]) {
        for bag in ServiceCatalog.bags(for: offer) { services[bag.id] = bag }
        for map in seatMaps {
            for seat in map.seats {
                for service in seat.availableServices {
                    services[service.id] = AvailableService(
                        id: service.id, type: .seat, maximumQuantity: 1, passengerIds: [service.passengerId],
                        segmentIds: [map.segmentId], totalAmount: service.totalAmount,
                        metadata: ServiceMetadata(
                            designator: seat.designator, name: seat.name, disclosures: seat.disclosures))
                }
            }
        }
    }

    subscript(id: String) -> AvailableService? { services[id] }

    // MARK: - Bags

    /// BA's limits for a checked bag, which most airlines share.
    static let bagWeightKg: Decimal = 23
    static let bagDimensionsCm: (length: Decimal, height: Decimal, depth: Decimal) = (90, 75, 43)

    /// One extra checked bag per passenger with a seat and per slice, covering every segment of the slice, priced
    /// by the slice's length and the airline; up to 3 on a long-haul journey, 2 otherwise. Duffel Airways, like
    /// Duffel's own examples, states a weight but no dimensions.
    static func bags(for offer: Offer) -> [AvailableService] {
        let currency = offer.totalAmount.currency
        let airline = offer.owner.iataCode ?? "ZZ"
        var random = SplitMix64(seed: StableHash.of("bags", airline))
        let airlineLevel = 0.85 + 0.3 * random.unit()
        let longHaul = offer.slices.contains { $0.segments.contains { (distance($0)) >= 4_000 } }
        let sized = airline != Airlines.duffelAirways.code
        let metadata = ServiceMetadata(
            baggageType: .checked, maximumWeightKg: bagWeightKg,
            maximumLengthCm: sized ? bagDimensionsCm.length : nil, maximumHeightCm: sized ? bagDimensionsCm.height : nil,
            maximumDepthCm: sized ? bagDimensionsCm.depth : nil)
        return offer.slices.flatMap { slice -> [AvailableService] in
            let kilometres = slice.segments.reduce(0) { $0 + distance($1) }
            let units = (min(80, 18 + 0.004 * kilometres) * airlineLevel * Pricing.rate(currency)).rounded()
            let price = Pricing.money(minorUnits: Int(units) * 100, currency: currency)
            return offer.passengers.filter { $0.resolvedType != .infantWithoutSeat }.map { passenger in
                AvailableService(
                    id: SandboxID.derived("ase_", offer.id, "bag", slice.id, passenger.id), type: .baggage,
                    maximumQuantity: longHaul ? 3 : 2, passengerIds: [passenger.id], segmentIds: slice.segments.map(\.id),
                    totalAmount: price, metadata: metadata)
            }
        }
    }

    private static func distance(_ segment: Segment) -> Double {
        segment.distance.flatMap(Double.init) ?? 1_000
    }
}
