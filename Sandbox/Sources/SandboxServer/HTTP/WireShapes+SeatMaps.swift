import Foundation

/// Seat maps with every field Duffel lists: a map's `slice_id`, a cabin's `wings` (`null` when no row is over
/// them), and on each element its `designator`, `name`, `disclosures` and `available_services`, which a seat has
/// (a list, empty when taken) and anything else has as `null`, as Duffel's live answers show.
extension WireShapes {
    func seatMap(_ object: [String: Any]) -> [String: Any] {
        var map = filled(object, ["slice_id": null, "segment_id": null, "cabins": [Any]()])
        map["cabins"] = list(map["cabins"]) { cabin in
            var completed = filled(cabin, ["deck": 0, "cabin_class": null, "aisles": null, "wings": null, "rows": [Any]()])
            completed["wings"] = (cabin["wings"] as? [String: Any]).map {
                filled($0, ["first_row_index": null, "last_row_index": null])
            } ?? null
            completed["rows"] = list(completed["rows"]) { row in
                var sections = filled(row, ["sections": [Any]()])
                sections["sections"] = list(sections["sections"]) { section in
                    var elements = filled(section, ["elements": [Any]()])
                    elements["elements"] = list(elements["elements"], element)
                    return elements
                }
                return sections
            }
            return completed
        }
        return map
    }

    private func element(_ object: [String: Any]) -> [String: Any] {
        guard object["type"] as? String == "seat" else {
            var other = object
            for key in ["designator", "name", "disclosures", "available_services"] { other[key] = null }
            return other
        }
        var seat = filled(object, ["designator": null, "name": null, "disclosures": [Any](), "available_services": [Any]()])
        seat["available_services"] = list(seat["available_services"]) { service in
            filled(service, ["id": null, "passenger_id": null, "total_amount": null, "total_currency": null])
        }
        return seat
    }
}
