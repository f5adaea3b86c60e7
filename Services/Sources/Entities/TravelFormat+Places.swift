/// Places as travellers read them: a name, then its code in brackets. The one place that writes `London (LHR)`.
extension TravelFormat {
    /// `London (LHR)`: `name` with `code` after it; the code alone when there is no name.
    public static func named(_ name: String?, code: String) -> String {
        guard let name, !name.isEmpty else { return code }
        return "\(name) (\(code))"
    }

    /// `Heathrow Airport (LHR)`: an airport by its own name.
    public static func airport(_ airport: Airport) -> String {
        named(airport.name, code: airport.iataCode)
    }

    /// `London (LHR)`: the city an airport serves (its own name when the city is not known), with the airport's code.
    public static func city(of airport: Airport) -> String {
        named(airport.cityName.flatMap { $0.isEmpty ? nil : $0 } ?? airport.name, code: airport.iataCode)
    }

    /// `London (LON)`, `London (LHR)`: a city by its name, an airport by the city it serves.
    public static func city(of place: Place) -> String {
        let name = place.kind == .city ? place.name : (place.cityName.flatMap { $0.isEmpty ? nil : $0 } ?? place.name)
        return named(name, code: place.iataCode)
    }
}
