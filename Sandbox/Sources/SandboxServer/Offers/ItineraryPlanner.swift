import Entities
import Foundation

/// One flight of a planned itinerary, before it is dressed as a Duffel segment.
struct PlannedFlight: Sendable, Hashable {
    var airline: Airline
    var operatingAirline: Airline
    var flightNumber: Int
    var from: AirportInfo
    var to: AirportInfo
    var departure: LocalDateTime
    var arrival: LocalDateTime
    var departureInstant: Date
    var arrivalInstant: Date
    var distanceKm: Double
    var aircraft: Aircraft
    var stop: PlannedStop?
}

/// A landing on the way, under the same flight number.
struct PlannedStop: Sendable, Hashable {
    var airport: AirportInfo
    var arrival: LocalDateTime
    var departure: LocalDateTime
    var minutes: Int
}

/// The flights that make one leg of a journey with one airline.
struct PlannedItinerary: Sendable, Hashable {
    var airline: Airline
    var flights: [PlannedFlight]

    var connections: Int { flights.count - 1 }

    var elapsedSeconds: Int {
        guard let first = flights.first, let last = flights.last else { return 0 }
        return Int(last.arrivalInstant.timeIntervalSince(first.departureInstant))
    }
}

/// Which airlines fly where, when, and through which hubs. Everything is derived from stable hashes of the
/// airline and the airports, so the same route has the same flights, at the same times, in every process.
struct ItineraryPlanner: Sendable {
    let world: WorldMap

    /// Itineraries of every airline from `origin` to `destination` departing on `date` (local to the origin),
    /// with at most `maxConnections` connections.
    func itineraries(
        from origin: AirportInfo, to destination: AirportInfo, on date: CalendarDate, maxConnections: Int,
        scenario: Scenario?
    ) -> [PlannedItinerary] {
        if scenario?.forcesDuffelAirwaysDirect == true {
            return directFlights(Airlines.duffelAirways, origin, destination, date, forced: true)
                .map { PlannedItinerary(airline: Airlines.duffelAirways, flights: [$0]) }
        }
        var result: [PlannedItinerary] = []
        for airline in Airlines.all {
            result += itineraries(of: airline, from: origin, to: destination, on: date, maxConnections: maxConnections)
        }
        if scenario == .connectionsOnly {
            result.removeAll { $0.connections == 0 }
        }
        if scenario == .stopInsideSegment {
            result = result.filter { $0.connections == 0 }.compactMap(addingTechnicalStop)
        }
        return result
    }

    private func itineraries(
        of airline: Airline, from origin: AirportInfo, to destination: AirportInfo, on date: CalendarDate,
        maxConnections: Int
    ) -> [PlannedItinerary] {
        var result = directFlights(airline, origin, destination, date, forced: false)
            .map { PlannedItinerary(airline: airline, flights: [$0]) }
        let direct = WorldMap.distance(origin, destination)
        guard maxConnections >= 1, direct >= 150 else { return result }
        let hubs = airline.hubs.compactMap(world.airport)
            .filter { $0.code != origin.code && $0.code != destination.code }
        let detourLimit = direct < 2_000 ? 1.9 : 1.45

        for hub in hubs {
            let via = WorldMap.distance(origin, hub) + WorldMap.distance(hub, destination)
            guard via <= direct * detourLimit, flies(airline, origin, hub), flies(airline, hub, destination) else { continue }
            for first in directFlights(airline, origin, hub, date, forced: false).prefix(4) {
                if let second = connectingFlight(airline, from: hub, to: destination, after: first) {
                    result.append(PlannedItinerary(airline: airline, flights: [first, second]))
                }
            }
        }
        // Two connections only where one will not do, as on long routes from or to smaller airports.
        guard maxConnections >= 2, result.isEmpty else { return result }
        for firstHub in hubs where flies(airline, origin, firstHub) {
            for secondHub in hubs where secondHub.code != firstHub.code && flies(airline, secondHub, destination) {
                let via = WorldMap.distance(origin, firstHub) + WorldMap.distance(firstHub, secondHub)
                    + WorldMap.distance(secondHub, destination)
                guard via <= direct * 1.5, flies(airline, firstHub, secondHub) else { continue }
                for first in directFlights(airline, origin, firstHub, date, forced: false).prefix(2) {
                    guard let second = connectingFlight(airline, from: firstHub, to: secondHub, after: first),
                          let third = connectingFlight(airline, from: secondHub, to: destination, after: second) else { continue }
                    result.append(PlannedItinerary(airline: airline, flights: [first, second, third]))
                }
            }
        }
        return result
    }

    // MARK: - The network

    /// Whether a nonstop between two airports is plausible for their size and distance.
    static func isPlausibleNonstop(_ a: AirportInfo, _ b: AirportInfo) -> Bool {
        let distance = WorldMap.distance(a, b)
        guard distance >= 100 else { return false }
        let (low, high) = a.size <= b.size ? (a.size, b.size) : (b.size, a.size)
        let limit: Double
        switch (high, low) {
        case (.major, .small): limit = 2_500
        case (.major, .medium): limit = 9_500
        case (.major, .large): limit = 14_000
        case (.major, .major): limit = 16_500
        case (.large, .small): limit = 2_000
        case (.large, .medium): limit = 6_000
        case (.large, _): limit = 10_000
        case (.medium, .small): limit = 1_500
        case (.medium, _): limit = 3_500
        default: limit = a.countryCode == b.countryCode ? 900 : 600
        }
        return distance <= limit
    }

    /// Whether `airline` flies a nonstop between the two airports: from or to its hubs, on domestic routes
    /// between busy airports at home, and (Duffel Airways) wherever a nonstop is plausible at all.
    func flies(_ airline: Airline, _ a: AirportInfo, _ b: AirportInfo) -> Bool {
        guard ItineraryPlanner.isPlausibleNonstop(a, b) else { return false }
        if airline.code == Airlines.duffelAirways.code { return true }
        if airline.isHub(a.code) || airline.isHub(b.code) { return true }
        return airline.homeCountries.contains(a.countryCode) && a.countryCode == b.countryCode
            && min(a.size, b.size) >= .medium
    }

    // MARK: - Schedules

    /// The daily departures of `airline` from `a` to `b`, in minutes after local midnight.
    func departureSlots(_ airline: Airline, _ a: AirportInfo, _ b: AirportInfo) -> [Int] {
        var random = SplitMix64(seed: StableHash.of("schedule", airline.code, a.code, b.code))
        let distance = WorldMap.distance(a, b)
        let busy = min(a.size, b.size)
        let frequency: Int
        switch distance {
        case ..<1_800: frequency = busy >= .large ? random.int(in: 3...6) : random.int(in: 1...3)
        case ..<6_000: frequency = busy >= .large ? random.int(in: 2...3) : random.int(in: 1...2)
        default: frequency = busy >= .large ? random.int(in: 1...2) : 1
        }
        // Long-haul banks leave late morning or evening; short-haul spreads over the day. Nothing leaves
        // between 01:00 and 05:00 local.
        let window = distance < 6_000 ? (6 * 60 + 5)...(21 * 60 + 45) : (8 * 60)...(23 * 60 + 15)
        let span = window.upperBound - window.lowerBound
        var slots: [Int] = []
        for index in 0..<frequency {
            let centre = window.lowerBound + span * (2 * index + 1) / (2 * frequency)
            let jitter = random.int(in: -50...50)
            let minute = min(max(centre + jitter, window.lowerBound), window.upperBound)
            slots.append(minute / 5 * 5)
        }
        return slots.sorted()
    }

    /// The flight number of the `index`-th daily flight; one direction even, the other odd, as airlines do.
    func flightNumber(_ airline: Airline, _ a: AirportInfo, _ b: AirportInfo, index: Int) -> Int {
        let pair = a.code < b.code ? "\(a.code)\(b.code)" : "\(b.code)\(a.code)"
        // Long-haul flights carry an airline's low numbers, short-haul ones its higher series.
        let long = WorldMap.distance(a, b) >= 4_000
        let range = long ? 2...299 : 300...2_999
        var random = SplitMix64(seed: StableHash.of("number", airline.code, pair))
        let base = random.int(in: range) / 2 * 2 + (a.code < b.code ? 0 : 1)
        let series = long && airline.flightNumberBase >= 1_000 ? 0 : airline.flightNumberBase
        return min(9_999, series + base + index * 2)
    }

    /// Nonstop flights of `airline` from `a` to `b` leaving on `date`; `forced` ignores whether the route is
    /// plausible (the test scenarios' short hops).
    func directFlights(
        _ airline: Airline, _ a: AirportInfo, _ b: AirportInfo, _ date: CalendarDate, forced: Bool
    ) -> [PlannedFlight] {
        guard forced || flies(airline, a, b) else { return [] }
        return departureSlots(airline, a, b).enumerated().map { index, minute in
            flight(airline, a, b, departing: LocalDateTime(date: date, time: LocalTime(minutesSinceMidnight: minute)), index: index)
        }
    }

    /// The flight from `hub` to `b` that a passenger arriving on `arriving` connects to. Hubs run banks: an
    /// outbound wave leaves a minimum connection time plus up to two hours after the inbound one lands. Nothing
    /// leaves between midnight and 06:00, so a late arrival waits overnight for the morning wave.
    func connectingFlight(_ airline: Airline, from hub: AirportInfo, to b: AirportInfo, after arriving: PlannedFlight) -> PlannedFlight? {
        guard ItineraryPlanner.isPlausibleNonstop(hub, b) || airline.code == Airlines.duffelAirways.code else { return nil }
        let international = arriving.from.countryCode != hub.countryCode || hub.countryCode != b.countryCode
        let minimum = hub.size >= .large ? (international ? 75 : 55) : (international ? 60 : 45)
        var random = SplitMix64(seed: StableHash.of("bank", airline.code, hub.code, b.code, "\(arriving.flightNumber)"))
        let wait = minimum + random.int(in: 0...24) * 5
        let earliest = LocalDateTime(arriving.arrivalInstant.addingTimeInterval(Double(wait * 60)), in: hub.zone)
        var day = earliest.date
        var minute = (earliest.time.minutesSinceMidnight + 4) / 5 * 5
        if minute >= 24 * 60 {
            day = day.adding(days: 1)
            minute = 0
        }
        if minute < 6 * 60 {
            minute = 6 * 60 + random.int(in: 0...18) * 5
        }
        let departing = LocalDateTime(date: day, time: LocalTime(minutesSinceMidnight: minute))
        return flight(airline, hub, b, departing: departing, index: random.int(in: 0...3))
    }

    /// Block time in minutes: taxi and climb plus cruise, with the jet stream's help eastbound.
    static func blockMinutes(distanceKm: Double, eastbound: Bool) -> Int {
        let wind = distanceKm < 1_500 ? 1.0 : (eastbound ? 0.94 : 1.06)
        let minutes = (40 + distanceKm / 13.6) * wind
        return max(35, Int((minutes / 5).rounded()) * 5)
    }

    private func flight(_ airline: Airline, _ a: AirportInfo, _ b: AirportInfo, departing: LocalDateTime, index: Int) -> PlannedFlight {
        let distance = WorldMap.distance(a, b)
        var longitudeDelta = b.longitude - a.longitude
        if longitudeDelta > 180 { longitudeDelta -= 360 }
        if longitudeDelta < -180 { longitudeDelta += 360 }
        let minutes = ItineraryPlanner.blockMinutes(distanceKm: distance, eastbound: longitudeDelta > 0)
        let departureInstant = departing.instant(in: a.zone)
        let arrivalInstant = departureInstant.addingTimeInterval(Double(minutes * 60))
        var random = SplitMix64(seed: StableHash.of("aircraft", airline.code, a.code, b.code, "\(index)"))
        let trunk = min(a.size, b.size) == .major
        let aircraft = random.pick(Fleet.choices(distanceKm: distance, airline: airline, trunk: trunk)) ?? Fleet.narrowbody[0]
        return PlannedFlight(
            airline: airline, operatingAirline: airline, flightNumber: flightNumber(airline, a, b, index: index),
            from: a, to: b, departure: departing, arrival: LocalDateTime(arrivalInstant, in: b.zone),
            departureInstant: departureInstant, arrivalInstant: arrivalInstant, distanceKm: distance,
            aircraft: aircraft, stop: nil)
    }

    /// The same itinerary with a technical stop inside its longest flight, at the hub nearest its middle.
    private func addingTechnicalStop(_ itinerary: PlannedItinerary) -> PlannedItinerary? {
        guard let longest = itinerary.flights.indices.max(by: { itinerary.flights[$0].distanceKm < itinerary.flights[$1].distanceKm }) else {
            return itinerary
        }
        var flight = itinerary.flights[longest]
        let candidates = Airlines.all.flatMap(\.hubs).compactMap(world.airport)
            .filter { $0.code != flight.from.code && $0.code != flight.to.code }
        guard let stopAirport = candidates.min(by: {
            WorldMap.distance(flight.from, $0) + WorldMap.distance($0, flight.to)
                < WorldMap.distance(flight.from, $1) + WorldMap.distance($1, flight.to)
        }) else { return itinerary }
        var longitudeDelta = stopAirport.longitude - flight.from.longitude
        if longitudeDelta > 180 { longitudeDelta -= 360 }
        if longitudeDelta < -180 { longitudeDelta += 360 }
        let firstHop = ItineraryPlanner.blockMinutes(
            distanceKm: WorldMap.distance(flight.from, stopAirport), eastbound: longitudeDelta > 0)
        let secondHop = ItineraryPlanner.blockMinutes(
            distanceKm: WorldMap.distance(stopAirport, flight.to), eastbound: longitudeDelta > 0)
        let ground = 55
        let landed = flight.departureInstant.addingTimeInterval(Double(firstHop * 60))
        let leaves = landed.addingTimeInterval(Double(ground * 60))
        flight.arrivalInstant = leaves.addingTimeInterval(Double(secondHop * 60))
        flight.arrival = LocalDateTime(flight.arrivalInstant, in: flight.to.zone)
        flight.stop = PlannedStop(
            airport: stopAirport, arrival: LocalDateTime(landed, in: stopAirport.zone),
            departure: LocalDateTime(leaves, in: stopAirport.zone), minutes: ground)
        var copy = itinerary
        copy.flights[longest] = flight
        // Later flights must still leave after the longer one lands; drop the itinerary when they cannot.
        for index in copy.flights.indices.dropFirst(longest + 1) {
            guard let next = connectingFlight(
                copy.airline, from: copy.flights[index].from, to: copy.flights[index].to, after: copy.flights[index - 1])
            else { return nil }
            copy.flights[index] = next
        }
        return copy
    }
}
