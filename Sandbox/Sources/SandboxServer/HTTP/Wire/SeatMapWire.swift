import Entities
import Foundation

/// A seat map with every field Duffel lists: a map's `slice_id`, a cabin's `wings` (`null` when no row is over
/// them), and on each element its `designator`, `name`, `disclosures` and `available_services`, which a seat has
/// (a list, empty when taken) and anything else has as `null`, as Duffel's live answers show.
struct SeatMapWire: Encodable {
    let map: SeatMap

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", map.id)
        try container.put("slice_id", map.sliceId)
        try container.put("segment_id", map.segmentId)
        try container.putList("cabins", map.cabins) { CabinWire(cabin: $0) }
    }
}

struct CabinWire: Encodable {
    let cabin: SeatMapCabin

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("deck", cabin.deck)
        try container.put("cabin_class", cabin.cabinClass)
        try container.put("aisles", cabin.aisles)
        try container.put("wings", cabin.wings)
        var rows = container.nestedUnkeyedContainer(forKey: "rows")
        for row in cabin.rows {
            var sections = rows.nestedContainer(keyedBy: WireKey.self)
            var sectionList = sections.nestedUnkeyedContainer(forKey: "sections")
            for section in row.sections {
                var elements = sectionList.nestedContainer(keyedBy: WireKey.self)
                try elements.putList("elements", section.elements) { SeatElementWire(element: $0) }
            }
        }
    }
}

struct SeatElementWire: Encodable {
    let element: SeatElement

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("type", element.type)
        guard element.type == .seat else {
            try container.putNull("designator", "name", "disclosures", "available_services")
            return
        }
        try container.put("designator", element.designator)
        try container.put("name", element.name)
        try container.put("disclosures", element.disclosures)
        try container.put("available_services", element.availableServices)
    }
}
