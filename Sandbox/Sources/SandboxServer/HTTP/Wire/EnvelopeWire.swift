import Entities
import Foundation

/// Duffel's envelope around one object: `{"data": …}`.
struct DataWire<Payload: Encodable>: Encodable {
    let data: Payload

    init(_ data: Payload) { self.data = data }
}

/// Duffel's envelope around a list: `{"data": […], "meta": {"limit", "after", "before"}}`, each `null` when it has
/// no value; seat maps have `"meta": null` instead, as Duffel sends them.
struct ListWire<Element: Encodable>: Encodable {
    let items: [Element]
    let meta: Meta?

    struct Meta: Encodable {
        var limit: Int?
        var after: String?
        var before: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.put("limit", limit)
            try container.put("after", after)
            try container.put("before", before)
        }
    }

    init(_ items: [Element], meta: Meta? = Meta()) {
        self.items = items
        self.meta = meta
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("data", items)
        try container.put("meta", meta)
    }
}
