public import Foundation

/// The world's airports and IATA metropolitan cities: lookups by code, place suggestions for what a
/// traveller types, and great-circle distances.
///
/// ```swift
/// let directory = AirportDirectory.world
/// directory.airport(iataCode: "LHR")?.timeZone        // "Europe/London"
/// directory.suggestions(for: "new york").map(\.iataCode) // ["NYC", "JFK", "LGA", "EWR", ...]
/// ```
public final class AirportDirectory: Sendable {
    /// The directory built from the data compiled into this library (airportsdata, MIT licence).
    ///
    /// Loaded once, on first use, from the prebuilt index (`Generated/EmbeddedAirportIndex.swift`:
    /// the CSVs already parsed, folded and ranked, so start-up does none of that); the data travels
    /// inside the binary, so it works wherever the binary is moved. Should the compiled data ever fail
    /// to load, this is an empty directory: the library's tests load the same data strictly and fail instead.
    public static let world: AirportDirectory = {
        do {
            return try loadWorld()
        } catch {
            return AirportDirectory(airports: [], cities: [])
        }
    }()

    /// The licence text of the bundled airport data (airportsdata, MIT), to ship alongside it.
    public static var dataLicense: String { EmbeddedAirportData.licence }

    /// The airportsdata release the bundled data was generated from (`"20260905"`).
    public static var dataVersion: String { EmbeddedAirportData.version }

    /// Every airport, sorted by IATA code.
    public let airports: [AirportRecord]
    /// Every IATA metropolitan city, sorted by IATA code.
    public let cities: [CityRecord]

    /// The city code of each airport (parallel to `airports`), nil outside any metropolitan city.
    let airportCityCodes: [String?]
    /// What suggestions match on, parallel to `airports` and `cities`; their codes, in the same order,
    /// are what a lookup by code searches.
    let airportEntries: [SearchEntry]
    let cityEntries: [SearchEntry]

    /// Builds a directory from CSV text in the format that `generate-airports.py` writes.
    ///
    /// `airportsCSV` needs the columns `iata`, `icao`, `name`, `city`, `subdivision`, `country`,
    /// `time_zone`, `latitude`, `longitude` (and may have `passengers_millions`, used for ranking);
    /// `citiesCSV` needs `iata`, `name`, `country` and `airports` (IATA codes separated by spaces).
    public convenience init(airportsCSV: String, citiesCSV: String) throws(AirportDataError) {
        let airportTable = try CSVTable(file: "airports.csv", text: airportsCSV)
        let cityTable = try CSVTable(file: "cities.csv", text: citiesCSV)
        let loaded = try Self.readAirports(airportTable)
        let cities = try Self.readCities(cityTable, airports: loaded)
        self.init(airports: loaded, cities: cities)
    }

    /// The directory as it is kept: both lists sorted by code, with their search entries (and the
    /// airports' city codes) in the same order. The prebuilt index decodes straight into this.
    init(airports: [AirportRecord], cities: [CityRecord], airportCityCodes: [String?],
         airportEntries: [SearchEntry], cityEntries: [SearchEntry]) {
        self.airports = airports
        self.cities = cities
        self.airportCityCodes = airportCityCodes
        self.airportEntries = airportEntries
        self.cityEntries = cityEntries
    }

    private convenience init(airports loaded: [LoadedAirport], cities: [LoadedCity]) {
        // The generator writes rows sorted by code; sorting Strings again cost a fifth of the load time.
        let sortedAirports = Self.sortedByCode(loaded) { $0.record.iataCode }
        let sortedCities = Self.sortedByCode(cities) { $0.record.iataCode }
        var cityCodeByAirport: [String: String] = [:]
        for city in sortedCities {
            for airport in city.record.airports where cityCodeByAirport[airport.iataCode] == nil {
                cityCodeByAirport[airport.iataCode] = city.record.iataCode
            }
        }
        let airportEntries = sortedAirports.map { airport in
            let name = SearchText(airport.record.name)
            return SearchEntry(
                code: PackedCode(airport.record.iataCode),
                icaoCode: airport.record.icaoCode.flatMap(PackedCode.init),
                city: SearchText(airport.record.city),
                name: name,
                importance: Self.importance(
                    of: airport,
                    foldedName: name,
                    inCity: cityCodeByAirport[airport.record.iataCode] != nil
                )
            )
        }
        let cityEntries = sortedCities.map { city in
            SearchEntry(code: PackedCode(city.record.iataCode), icaoCode: nil, city: SearchText(city.record.name),
                        name: SearchText(city.record.name), importance: city.importance)
        }
        self.init(
            airports: sortedAirports.map(\.record),
            cities: sortedCities.map(\.record),
            airportCityCodes: sortedAirports.map { cityCodeByAirport[$0.record.iataCode] },
            airportEntries: airportEntries,
            cityEntries: cityEntries
        )
    }

    /// Loads the bundled data afresh, as `world` does once, but reports why it failed instead of
    /// falling back to an empty directory.
    public static func loadWorld() throws(AirportDataError) -> AirportDirectory {
        try AirportIndex.directory(text: EmbeddedAirportIndex.text)
    }

    // MARK: - Lookups

    /// The airport with this IATA code (any case), or nil.
    public func airport(iataCode: String) -> AirportRecord? {
        airportEntries.binarySearch(iataCode).map { airports[$0] }
    }

    /// The IATA metropolitan city with this code (any case), such as `LON`, or nil.
    public func city(iataCode: String) -> CityRecord? {
        cityEntries.binarySearch(iataCode).map { cities[$0] }
    }

    /// The IATA metropolitan city code that `airport` belongs to (`"LON"` for Heathrow), or nil.
    public func cityCode(of airport: AirportRecord) -> String? {
        airportEntries.binarySearch(airport.iataCode).flatMap { airportCityCodes[$0] }
    }

    /// The great-circle distance between two airports, on a sphere of the Earth's mean radius.
    public func distance(from origin: AirportRecord, to destination: AirportRecord) -> Measurement<UnitLength> {
        let kilometres = Self.greatCircleKilometres(
            latitude1: origin.latitude, longitude1: origin.longitude,
            latitude2: destination.latitude, longitude2: destination.longitude
        )
        return Measurement(value: kilometres, unit: .kilometers)
    }

    // MARK: - Suggestions

    /// Places matching what a traveller typed, best first, as Duffel's place suggestions list them.
    ///
    /// Case- and accent-insensitive. Matches, in this order: an exact IATA (or ICAO) code, a city
    /// name (exact, then by prefix: `"san fran"`), an airport name by prefix (`"london heathrow"`),
    /// then every typed word starting a word of the city or airport name or equal to its code
    /// (`"paris cdg"`). Within each, busier places come first. A matched city is followed by its
    /// airports. Text that matches nothing gives an empty list.
    public func suggestions(for query: String, limit: Int = 20) -> [PlaceMatch] {
        let typed = Query(query)
        guard limit > 0, !typed.text.isEmpty else { return [] }

        var candidates: [Candidate] = []
        for (index, entry) in cityEntries.enumerated() {
            if let tier = entry.tier(for: typed) {
                candidates.append(Candidate(tier: tier, importance: entry.importance, place: .city(index)))
            }
        }
        for (index, entry) in airportEntries.enumerated() {
            if let tier = entry.tier(for: typed) {
                candidates.append(Candidate(tier: tier, importance: entry.importance, place: .airport(index)))
            }
        }
        candidates.sort()

        var result: [PlaceMatch] = []
        var listedAirports: Set<String> = []
        var listedCities: Set<String> = []
        func append(_ match: PlaceMatch) -> Bool {
            result.append(match)
            return result.count < limit
        }
        for candidate in candidates {
            switch candidate.place {
            case .city(let index):
                let city = cities[index]
                guard listedCities.insert(city.iataCode).inserted else { continue }
                guard append(.city(city)) else { return result }
                for airport in city.airports where listedAirports.insert(airport.iataCode).inserted {
                    guard append(.airport(airport)) else { return result }
                }
            case .airport(let index):
                let airport = airports[index]
                guard listedAirports.insert(airport.iataCode).inserted else { continue }
                guard append(.airport(airport)) else { return result }
            }
        }
        return result
    }
}

// MARK: - Loading

extension AirportDirectory {
    struct LoadedAirport {
        let record: AirportRecord
        let passengersMillions: Double?
    }

    struct LoadedCity {
        let record: CityRecord
        let importance: Double
    }

    private static func readAirports(_ table: CSVTable) throws(AirportDataError) -> [LoadedAirport] {
        let iata = try table.column("iata")
        let icao = try table.column("icao")
        let name = try table.column("name")
        let city = try table.column("city")
        let subdivision = try table.column("subdivision")
        let country = try table.column("country")
        let timeZone = try table.column("time_zone")
        let latitude = try table.column("latitude")
        let longitude = try table.column("longitude")
        let passengers = table.header.firstIndex(of: "passengers_millions")

        var seen: Set<String> = []
        var result: [LoadedAirport] = []
        result.reserveCapacity(table.rows.count)
        for (line, fields) in table.rows {
            let code = fields[iata]
            guard code.utf8.count == 3, code.utf8.allSatisfy(Self.isUpperAlphanumeric) else {
                throw .malformedRow(file: table.file, line: line, reason: "'\(code)' is not a 3-character IATA code")
            }
            guard seen.insert(code).inserted else { throw .duplicateCode(file: table.file, code: code) }
            guard fields[country].utf8.count == 2 else {
                throw .malformedRow(file: table.file, line: line, reason: "country '\(fields[country])' is not 2 letters")
            }
            guard !fields[timeZone].isEmpty else {
                throw .malformedRow(file: table.file, line: line, reason: "\(code) has no time zone")
            }
            guard let lat = Double(fields[latitude]), (-90...90).contains(lat),
                  let lon = Double(fields[longitude]), (-180...180).contains(lon)
            else {
                throw .malformedRow(file: table.file, line: line,
                                    reason: "\(code) has coordinates '\(fields[latitude])', '\(fields[longitude])'")
            }
            var traffic: Double?
            if let passengers, !fields[passengers].isEmpty {
                guard let value = Double(fields[passengers]), value >= 0 else {
                    throw .malformedRow(file: table.file, line: line,
                                        reason: "\(code) has passengers_millions '\(fields[passengers])'")
                }
                traffic = value
            }
            let record = AirportRecord(
                iataCode: code,
                icaoCode: fields[icao].isEmpty ? nil : fields[icao],
                name: fields[name],
                city: fields[city],
                subdivision: fields[subdivision].isEmpty ? nil : fields[subdivision],
                countryCode: fields[country],
                timeZone: fields[timeZone],
                latitude: lat,
                longitude: lon
            )
            result.append(LoadedAirport(record: record, passengersMillions: traffic))
        }
        return result
    }

    private static func readCities(_ table: CSVTable, airports: [LoadedAirport]) throws(AirportDataError) -> [LoadedCity] {
        let iata = try table.column("iata")
        let name = try table.column("name")
        let country = try table.column("country")
        let members = try table.column("airports")
        let byCode = Dictionary(airports.map { ($0.record.iataCode, $0) }, uniquingKeysWith: { first, _ in first })

        var seen: Set<String> = []
        var result: [LoadedCity] = []
        for (line, fields) in table.rows {
            let code = fields[iata]
            guard code.utf8.count == 3, code.utf8.allSatisfy(Self.isUpperAlphanumeric) else {
                throw .malformedRow(file: table.file, line: line, reason: "'\(code)' is not a 3-character IATA code")
            }
            guard seen.insert(code).inserted else { throw .duplicateCode(file: table.file, code: code) }
            var cityAirports: [LoadedAirport] = []
            for member in fields[members].split(separator: " ") {
                guard let airport = byCode[String(member)] else {
                    throw .unknownAirport(city: code, airport: String(member))
                }
                cityAirports.append(airport)
            }
            guard !cityAirports.isEmpty else {
                throw .malformedRow(file: table.file, line: line, reason: "city \(code) lists no airports")
            }
            // Busiest first, but the traffic of an airport outside the city itself (EWR in Newark,
            // SEN in Southend) counts half: a traveller scans JFK and LGA before Newark for "New York".
            let cityName = SearchText(fields[name])
            let ranked = cityAirports.map { airport in
                let inCityProper = SearchText(airport.record.city).containsWords(of: cityName)
                return RankedAirport(
                    airport: airport.record,
                    traffic: airport.passengersMillions.map { inCityProper ? $0 : $0 / 2 } ?? -1,
                    importance: Self.importance(of: airport, inCity: true)
                )
            }.sorted()
            let record = CityRecord(iataCode: code, name: fields[name], countryCode: fields[country],
                                    airports: ranked.map { $0.airport })
            // A city ranks just above its busiest airport, so "london" lists LON before LHR.
            let cityImportance = (ranked.map { $0.importance }.max() ?? 0) + 1
            result.append(LoadedCity(record: record, importance: cityImportance))
        }
        return result
    }

    private struct RankedAirport: Comparable {
        let airport: AirportRecord
        /// Passengers (millions), halved outside the city proper; -1 when unknown.
        let traffic: Double
        let importance: Double

        static func < (lhs: RankedAirport, rhs: RankedAirport) -> Bool {
            if lhs.traffic != rhs.traffic { return lhs.traffic > rhs.traffic }
            if lhs.importance != rhs.importance { return lhs.importance > rhs.importance }
            return lhs.airport.iataCode < rhs.airport.iataCode
        }
    }

    private static func sortedByCode<Element>(_ elements: [Element], code: (Element) -> String) -> [Element] {
        let isSorted = zip(elements, elements.dropFirst()).allSatisfy { code($0).utf8.lexicographicallyPrecedes(code($1).utf8) }
        return isSorted ? elements : elements.sorted { code($0).utf8.lexicographicallyPrecedes(code($1).utf8) }
    }

    private static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// How prominent an airport is, for ordering suggestions. Known traffic outranks everything else;
    /// without it, membership of a metropolitan city and "International" in the name mark the airports
    /// travellers mean, and heliports, seaplane bases and military fields the ones they rarely do.
    static func importance(of airport: LoadedAirport, foldedName: SearchText? = nil, inCity: Bool) -> Double {
        var score = 0.0
        if let passengers = airport.passengersMillions { score += 100 + passengers }
        if inCity { score += 20 }
        let name = foldedName ?? SearchText(airport.record.name)
        if name.hasWord(Self.internationalWords) { score += 10 }
        if name.hasWord(Self.minorFieldWords) { score -= 10 }
        if airport.record.icaoCode == nil { score -= 1 }
        return score
    }

    private static let internationalWords: [[UInt8]] = ["international", "intl"].map { Array($0.utf8) }
    private static let minorFieldWords: [[UInt8]] =
        ["heliport", "seaplane", "airstrip", "strip", "military", "base"].map { Array($0.utf8) }

    static func greatCircleKilometres(latitude1: Double, longitude1: Double,
                                      latitude2: Double, longitude2: Double) -> Double {
        // Haversine on the IUGG mean radius: within 0.5% of the ellipsoidal distance, ample for ranking
        // routes and showing "5,540 km".
        let meanEarthRadiusKilometres = 6371.0088
        let phi1 = latitude1 * .pi / 180
        let phi2 = latitude2 * .pi / 180
        let deltaPhi = (latitude2 - latitude1) * .pi / 180
        let deltaLambda = (longitude2 - longitude1) * .pi / 180
        let a = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        let c = 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
        return meanEarthRadiusKilometres * c
    }
}

