import Entities
import Foundation

/// The seat maps of an offer (`GET /air/seat_maps`): one per segment, laid out from its aircraft and cabin
/// (``SeatLayout``), with some seats taken, most free, and the extra-legroom exit rows and the front rows at a
/// price. Everything is derived from the segment's id, so every read of an offer shows the same seats.
enum SeatMapGenerator {
    static let exitRowDisclosures = [
        "Do not seat children in exit row seats",
        "Do not seat passengers with special needs in exit row seats",
    ]

    /// One map per segment of `offer`, in journey order.
    static func seatMaps(for offer: Offer) -> [SeatMap] {
        offer.slices.flatMap { slice in
            slice.segments.map { seatMap(for: $0, sliceID: slice.id, offer: offer) }
        }
    }

    static func seatMap(for segment: Segment, sliceID: String, offer: Offer) -> SeatMap {
        let cabin = segment.passengers.first?.cabinClass ?? .economy
        let layout = SeatLayout.of(aircraft: segment.aircraft?.iataCode, cabin: cabin)
        let distance = segment.distance.flatMap(Double.init) ?? 1_000
        let taken = takenSeats(layout, segmentID: segment.id, seated: offer.passengers.count)
        let currency = offer.totalAmount.currency

        var rows: [SeatRow] = [serviceRow(layout, front: true)]
        for number in layout.rowNumbers {
            if layout.exitRows.contains(number) {
                rows.append(SeatRow(sections: layout.blocks.indices.map { index in
                    // An exit is at each side of the cabin; the blocks between have none.
                    let side = index == 0 || index == layout.blocks.count - 1
                    return SeatSection(elements: side ? [SeatElement(type: .exitRow)] : [])
                }))
            }
            rows.append(SeatRow(sections: layout.blocks.map { columns in
                SeatSection(elements: columns.map { column in
                    if layout.missingSeats[number]?.contains(column) == true { return SeatElement(type: .empty) }
                    let designator = "\(number)\(column)"
                    let kind = kindOfSeat(number, layout)
                    let services = taken.contains(designator) ? [] : seatServices(
                        designator: designator, kind: kind, segmentID: segment.id, passengers: offer.passengers,
                        price: price(of: kind, distanceKm: distance, currency: currency))
                    return SeatElement(
                        type: .seat, designator: designator, name: kind.name,
                        disclosures: kind == .exitRow ? exitRowDisclosures : [], availableServices: services)
                })
            }))
        }
        rows.append(serviceRow(layout, front: false))
        rows.append(galleyRow(layout))

        var wings: SeatMapCabin.Wings?
        if let span = layout.wingRows {
            let over = rows.indices.filter { index in
                rows[index].number.map { span.contains($0) } ?? false
            }
            if let first = over.first, let last = over.last {
                wings = SeatMapCabin.Wings(firstRowIndex: first, lastRowIndex: last)
            }
        }
        return SeatMap(
            id: SandboxID.derived("sea_", segment.id), segmentId: segment.id, sliceId: sliceID,
            cabins: [SeatMapCabin(deck: layout.deck, cabinClass: cabin, aisles: layout.aisles, wings: wings, rows: rows)])
    }

    /// `maps` with the seats an order already holds (designators by segment id) taken.
    static func taking(_ booked: [String: Set<String>], in maps: [SeatMap]) -> [SeatMap] {
        maps.map { map in
            guard let seats = booked[map.segmentId] else { return map }
            var changed = map
            changed.cabins = map.cabins.map { cabin in
                var cabin = cabin
                cabin.rows = cabin.rows.map { row in
                    SeatRow(sections: row.sections.map { section in
                        SeatSection(elements: section.elements.map { element in
                            guard let designator = element.designator, seats.contains(designator) else { return element }
                            var taken = element
                            taken.availableServices = []
                            return taken
                        })
                    })
                }
                return cabin
            }
            return changed
        }
    }

    // MARK: - Seats

    enum SeatKind: Sendable, Equatable {
        case exitRow, preferred, standard

        var name: String {
            switch self {
            case .exitRow: "Exit row seat"
            case .preferred: "Preferred seat"
            case .standard: "Standard seat"
            }
        }
    }

    private static func kindOfSeat(_ row: Int, _ layout: SeatLayout) -> SeatKind {
        if layout.exitRows.contains(row) { return .exitRow }
        return layout.preferredRows.contains(row) ? .preferred : .standard
    }

    /// What a seat costs: extra legroom and the front rows by the length of the flight, in whole units of the
    /// offer's currency; every other seat comes with the fare (0.00).
    static func price(of kind: SeatKind, distanceKm: Double, currency: String) -> Money {
        let pounds: Double = switch kind {
        case .exitRow: min(90, 15 + 0.006 * distanceKm)
        case .preferred: min(45, 7 + 0.003 * distanceKm)
        case .standard: 0
        }
        let units = (pounds * Pricing.rate(currency)).rounded()
        return Pricing.money(minorUnits: Int(units) * 100, currency: currency)
    }

    /// One service per passenger who may take the seat: none for an infant on a lap, and an exit row's not for a
    /// child.
    private static func seatServices(
        designator: String, kind: SeatKind, segmentID: String, passengers: [OfferPassenger], price: Money
    ) -> [SeatService] {
        passengers.compactMap { passenger in
            let type = passenger.resolvedType
            if type == .infantWithoutSeat { return nil }
            if kind == .exitRow, type == .child || (passenger.age ?? 99) < 16 { return nil }
            return SeatService(
                id: SandboxID.derived("ase_", segmentID, designator, passenger.id), passengerId: passenger.id,
                totalAmount: price)
        }
    }

    /// A share of the seats (20–45%, by flight) already sold, but always enough free ones for the party.
    private static func takenSeats(_ layout: SeatLayout, segmentID: String, seated: Int) -> Set<String> {
        var flight = SplitMix64(seed: StableHash.of("load", segmentID))
        let share = 0.2 + 0.25 * flight.unit()
        var taken: Set<String> = []
        var free: [String] = []
        for number in layout.rowNumbers {
            for column in layout.blocks.joined() where layout.missingSeats[number]?.contains(column) != true {
                let designator = "\(number)\(column)"
                var seat = SplitMix64(seed: StableHash.of("seat", segmentID, designator))
                if seat.chance(share) { taken.insert(designator) } else { free.append(designator) }
            }
        }
        let wanted = seated + 1
        if free.count < wanted {
            for designator in taken.sorted().prefix(wanted - free.count) { taken.remove(designator) }
        }
        return taken
    }

    // MARK: - Galleys and lavatories

    /// At the front: a lavatory on the left, a galley on the right; at the back: lavatories at the sides.
    private static func serviceRow(_ layout: SeatLayout, front: Bool) -> SeatRow {
        SeatRow(sections: layout.blocks.indices.map { index in
            let last = layout.blocks.count - 1
            switch index {
            case 0: return SeatSection(elements: [SeatElement(type: .lavatory)])
            case last: return SeatSection(elements: [SeatElement(type: front ? .galley : .lavatory)])
            default: return SeatSection(elements: [SeatElement(type: front ? .closet : .empty)])
            }
        })
    }

    /// The galley across the back of the cabin.
    private static func galleyRow(_ layout: SeatLayout) -> SeatRow {
        SeatRow(sections: layout.blocks.map { _ in SeatSection(elements: [SeatElement(type: .galley)]) })
    }
}
