import Entities

/// The airports, cities, airlines and aircraft the answers repeat, each encoded once and then copied as bytes.
///
/// A profile of never-seen 250-offer searches put 68% of the time in encoding, and nearly half of an answer's bytes
/// are these objects: a 250-offer round trip names its two or three airports about 2,000 times. Memoized by the
/// whole entity, so a different value is never written as another's bytes; the world is finite, and the budget
/// bounds the memory whatever the requests name.
enum WireFragments {
    private enum Key: Hashable, Sendable {
        case place(Place)
        case airport(Airport)
        case carrier(Carrier)
        case aircraft(Aircraft)
    }

    private static let cache = LockedCache<Key, DuffelJSON.Fragment>(budget: 20_000)

    /// A slice's or a search's origin or destination, an airport or a city.
    static func place(_ place: Place) -> DuffelJSON.Fragment {
        fragment(.place(place)) { PlaceWire(place: place) }
    }

    /// A segment's or a stop's airport.
    static func airport(_ airport: Airport) -> DuffelJSON.Fragment {
        fragment(.airport(airport)) { PlaceWire(airport: airport) }
    }

    static func carrier(_ carrier: Carrier) -> DuffelJSON.Fragment {
        fragment(.carrier(carrier)) { CarrierWire(carrier: carrier) }
    }

    static func aircraft(_ aircraft: Aircraft) -> DuffelJSON.Fragment {
        fragment(.aircraft(aircraft)) { AircraftWire(aircraft: aircraft) }
    }

    private static func fragment<Wire: Encodable & Sendable>(_ key: Key, _ wire: () -> Wire) -> DuffelJSON.Fragment {
        if let known = cache.value(for: key) { return known }
        let fragment = DuffelJSON.Fragment(wire())
        cache.store(fragment, for: key)
        return fragment
    }
}
