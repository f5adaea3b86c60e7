import Entities
import Foundation

/// Everything one search produced: the offer request as Duffel echoes it, and its offers in their natural
/// (generation) order. The same key always gives the same search.
struct GeneratedSearch: Sendable {
    var key: SearchKey
    var offerRequestID: String
    var passengers: [OfferPassenger]
    var slices: [OfferRequestSlice]
    var offers: [Offer]
    var scenarios: Set<Scenario>
    /// How the airlines answered (``AirlineBatches``): the offers of a batch that failed, or answered after the
    /// search's supplier timeout, are not among ``offers``.
    var batches: [AirlineBatch] = []

    func offerRequest(includingOffers: Bool) -> OfferRequest {
        OfferRequest(
            id: offerRequestID, slices: slices, passengers: passengers, cabinClass: key.cabin,
            offers: includingOffers ? offers : [], createdAt: key.createdAt, liveMode: false)
    }
}

/// Turns a search into offers that look like the world's: real airports and time zones, airlines where they
/// fly, connections through their hubs, fares by distance, cabin, brand and days ahead.
struct OfferGenerator: Sendable {
    let world: WorldMap
    private var planner: ItineraryPlanner { ItineraryPlanner(world: world) }

    /// Offers at most, whatever a search asks for through `x-sandbox-offer-count`.
    static let maximumOfferCount = 500

    init(world: WorldMap) { self.world = world }

    /// The search for `key`. Every airport or city in it must be known to the world map.
    func generate(_ key: SearchKey) -> GeneratedSearch {
        let requestID = SandboxID.offerRequestID(for: key)
        let passengers = key.passengers.enumerated().map { index, spec in
            OfferPassenger(
                id: SandboxID.derived("pas_", requestID, "\(index)"), type: spec.type,
                age: { if case .child(let age) = spec { return age } else { return nil } }())
        }
        let slices = key.legs.compactMap { leg -> OfferRequestSlice? in
            guard let origin = world.place(for: leg.origin), let destination = world.place(for: leg.destination) else { return nil }
            return OfferRequestSlice(origin: origin, destination: destination, departureDate: leg.date)
        }
        let scenarios = Scenario.forSearch(key)
        var search = GeneratedSearch(
            key: key, offerRequestID: requestID, passengers: passengers, slices: slices, offers: [], scenarios: scenarios)
        guard !scenarios.contains(.noOffers), slices.count == key.legs.count else { return search }
        let offers = makeOffers(key, passengers: passengers, scenarios: scenarios)
        search.batches = AirlineBatches.batches(of: offers, scenarios: scenarios)
        let answered = search.batches.filter { AirlineBatches.answers($0, within: key.supplierTimeout) }
        search.offers = offers.filter { offer in answered.contains { $0.airlines.contains(offer.owner.iataCode ?? "") } }
        return search
    }

    // MARK: - Choosing flights

    private func legItineraries(_ key: SearchKey, _ leg: SearchKey.Leg) -> [PlannedItinerary] {
        let scenario = Scenario.forLeg(origin: leg.origin, destination: leg.destination)
        // A city search offers its three busiest airports at each end, as a traveller would consider them.
        let origins = world.airports(for: leg.origin).prefix(3)
        let destinations = world.airports(for: leg.destination).prefix(3)
        let earliestDeparture = key.createdAt.addingTimeInterval(2 * 3_600)
        var result: [PlannedItinerary] = []
        for origin in origins {
            for destination in destinations where origin.code != destination.code {
                result += planner.itineraries(
                    from: origin, to: destination, on: leg.date, maxConnections: key.maxConnections, scenario: scenario)
            }
        }
        return result.filter { itinerary in
            guard let first = itinerary.flights.first, let last = itinerary.flights.last else { return false }
            if first.departureInstant < earliestDeparture { return false }
            if itinerary.connections > key.maxConnections { return false }
            if let window = leg.departureWindow, !window.contains(first.departure.time) { return false }
            if let window = leg.arrivalWindow, !window.contains(last.arrival.time) { return false }
            return true
        }
        // Nonstops first, then by departure: the first offers of each airline are its best ones.
        .sorted {
            ($0.connections, $0.flights[0].departureInstant, $0.elapsedSeconds)
                < ($1.connections, $1.flights[0].departureInstant, $1.elapsedSeconds)
        }
    }

    /// How many offers a search returns: more on busy routes, 10 to 60, unless the search asked for a number.
    private func targetCount(_ key: SearchKey) -> Int {
        if key.offerCount > 0 { return min(key.offerCount, OfferGenerator.maximumOfferCount) }
        guard let leg = key.legs.first else { return 0 }
        let traffic = (world.airports(for: leg.origin).first?.passengersMillions ?? 0)
            + (world.airports(for: leg.destination).first?.passengersMillions ?? 0)
        var random = SplitMix64(seed: key.generationSeed)
        return min(60, 10 + Int(traffic / 3) + random.int(in: 0...6))
    }

    private func makeOffers(_ key: SearchKey, passengers: [OfferPassenger], scenarios: Set<Scenario>) -> [Offer] {
        let perLeg = key.legs.map { legItineraries(key, $0) }
        guard !perLeg.isEmpty, perLeg.allSatisfy({ !$0.isEmpty }) else { return [] }

        // Offers are sold by one airline for the whole journey, as most are.
        var byAirline: [String: [[PlannedItinerary]]] = [:]
        for (legIndex, itineraries) in perLeg.enumerated() {
            for itinerary in itineraries {
                var legs = byAirline[itinerary.airline.code] ?? Array(repeating: [], count: perLeg.count)
                legs[legIndex].append(itinerary)
                byAirline[itinerary.airline.code] = legs
            }
        }
        var random = SplitMix64(seed: key.generationSeed)
        // Sorted by code before drawing, since a dictionary's order differs from one process to the next.
        let airlines = byAirline.filter { $0.value.allSatisfy { !$0.isEmpty } }
            .sorted { $0.key < $1.key }
            .map { (code: $0.key, legs: $0.value, order: random.next()) }
            .sorted { $0.order < $1.order }
        guard !airlines.isEmpty else { return [] }

        let target = targetCount(key)
        let brands = FareBrand.brands(for: key.cabin)
        var offers: [Offer] = []
        var round = 0
        var exhausted = false
        while offers.count < target, !exhausted, round < 20_000 {
            exhausted = true
            for airline in airlines {
                let counts = airline.legs.map(\.count)
                let combinations = counts.reduce(1) { $0 * $1 }
                guard round < combinations else { continue }
                exhausted = false
                let choice = OfferGenerator.combination(round, counts: counts)
                let journey = zip(airline.legs, choice).map { $0[$1] }
                guard OfferGenerator.legsFollowEachOther(journey) else { continue }
                for brand in brands where offers.count < target {
                    let id = SandboxID.offerID(for: key, index: offers.count)
                    if let offer = makeOffer(
                        id: id, key: key, journey: journey, brand: brand, passengers: passengers, scenarios: scenarios) {
                        offers.append(offer)
                    }
                }
            }
            round += 1
        }
        return offers
    }

    /// The `round`-th combination of one itinerary per leg. Each leg's index is shifted by the lower legs',
    /// so the first few combinations already pair different outbound and return flights (a bijection: every
    /// combination comes up exactly once).
    static func combination(_ round: Int, counts: [Int]) -> [Int] {
        var remainder = round
        var digitSum = 0
        var result: [Int] = []
        for count in counts {
            let digit = remainder % count
            remainder /= count
            result.append((digit + digitSum) % count)
            digitSum += digit
        }
        return result
    }

    /// Whether each leg leaves at least an hour after the one before lands.
    static func legsFollowEachOther(_ journey: [PlannedItinerary]) -> Bool {
        zip(journey, journey.dropFirst()).allSatisfy { earlier, later in
            guard let landed = earlier.flights.last?.arrivalInstant, let leaves = later.flights.first?.departureInstant else {
                return false
            }
            return leaves.timeIntervalSince(landed) >= 3_600
        }
    }

    // MARK: - Dressing an offer

    private func makeOffer(
        id: String, key: SearchKey, journey: [PlannedItinerary], brand: FareBrand, passengers: [OfferPassenger],
        scenarios: Set<Scenario>
    ) -> Offer? {
        guard let airline = journey.first?.airline, let firstFlight = journey.first?.flights.first,
              journey.allSatisfy({ !$0.flights.isEmpty }) else { return nil }
        let currency = Pricing.currency(forOriginCountry: firstFlight.from.countryCode)
        let flightKey = journey.flatMap { $0.flights.map { "\($0.airline.code)\($0.flightNumber)\($0.departure)" } }.joined()
        var random = SplitMix64(seed: StableHash.of("fare", flightKey, brand.name, key.cabin.rawValue, key.searchDay.description))
        let longHaul = journey.contains { $0.flights.contains { $0.distanceKm >= 4_000 } }
        let noBaggage = scenarios.contains(.noBaggage)

        // One market price per leg, shared by every passenger on it.
        let legNoise = journey.map { _ in 0.9 + 0.22 * random.unit() }
        var baseMinor = 0
        var taxMinor = 0
        let roundTrip = key.legs.count == 2 && key.legs[0].origin == key.legs[1].destination
            && key.legs[0].destination == key.legs[1].origin
        for spec in key.passengers {
            for (legIndex, itinerary) in journey.enumerated() {
                guard let start = itinerary.flights.first, let end = itinerary.flights.last else { continue }
                let distance = WorldMap.distance(start.from, end.to)
                var fare = Pricing.fareCurve(distanceKm: distance) * Pricing.cabinMultiplier(key.cabin)
                fare *= brand.multiplier * airline.fareLevel * pow(0.88, Double(itinerary.connections))
                let daysAhead = key.searchDay.days(until: key.legs[legIndex].date)
                fare *= Pricing.advanceMultiplier(daysAhead: daysAhead)
                fare *= Pricing.filingMultiplier(
                    origin: key.legs[legIndex].origin, destination: key.legs[legIndex].destination,
                    date: key.legs[legIndex].date, searchedAt: key.createdAt)
                if scenarios.contains(.fareSale), key.searchDay.days(until: key.legs[0].date) <= Scenario.saleStartsDaysBefore {
                    fare *= Scenario.salePriceFactor
                }
                fare *= Pricing.weekdayMultiplier(key.legs[legIndex].date) * Pricing.timeOfDayMultiplier(start.departure.time)
                fare *= legNoise[legIndex]
                if roundTrip { fare *= 0.92 }
                baseMinor += Pricing.minorUnits(pounds: fare * Pricing.passengerMultiplier(spec), currency: currency)
                for (flightIndex, flight) in itinerary.flights.enumerated() {
                    let tax = Pricing.taxes(
                        flightDistanceKm: flight.distanceKm, originCountry: flight.from.countryCode,
                        firstOfLeg: flightIndex == 0, cabin: key.cabin, passenger: spec)
                    taxMinor += Pricing.minorUnits(pounds: tax, currency: currency)
                }
            }
        }

        let slices = journey.enumerated().compactMap { legIndex, itinerary in
            makeSlice(
                offerID: id, legIndex: legIndex, itinerary: itinerary, brand: brand, key: key, passengers: passengers,
                noBaggage: noBaggage, longHaul: longHaul)
        }
        let seated = key.passengers.filter { $0 != .infantOnLap }.count
        let emissions = journey.flatMap(\.flights).reduce(0.0) {
            $0 + Pricing.emissionsKg(distanceKm: $1.distanceKm, cabin: key.cabin, aircraft: $1.aircraft.iataCode)
        } * Double(seated)

        var fareConditions = conditions(brand: brand, airline: airline, longHaul: longHaul, cabin: key.cabin, currency: currency)
        if scenarios.contains(.changesNotAllowed) { fareConditions.changeBeforeDeparture = Condition(allowed: false) }
        return Offer(
            id: id, totalAmount: Pricing.money(minorUnits: baseMinor + taxMinor, currency: currency),
            baseAmount: Pricing.money(minorUnits: baseMinor, currency: currency),
            taxAmount: Pricing.money(minorUnits: taxMinor, currency: currency), owner: airline.carrier,
            passengers: passengers, slices: slices,
            conditions: fareConditions,
            paymentRequirements: paymentRequirements(
                key: key, brand: brand, airline: airline, journey: journey, scenarios: scenarios, random: &random),
            passengerIdentityDocumentsRequired: scenarios.contains(.documentsRequired),
            supportedPassengerIdentityDocumentTypes: [.passport], totalEmissionsKg: String(Int(emissions.rounded())),
            expiresAt: key.expiresAt, createdAt: key.createdAt, updatedAt: key.createdAt, liveMode: false)
    }

    private func makeSlice(
        offerID: String, legIndex: Int, itinerary: PlannedItinerary, brand: FareBrand, key: SearchKey,
        passengers: [OfferPassenger], noBaggage: Bool, longHaul: Bool
    ) -> Slice? {
        guard let origin = itinerary.flights.first?.from.wire, let destination = itinerary.flights.last?.to.wire else {
            return nil
        }
        let segments = itinerary.flights.enumerated().map { flightIndex, flight in
            let segmentID = SandboxID.derived("seg_", offerID, "\(legIndex)", "\(flightIndex)")
            let stops = flight.stop.map { stop in
                [Stop(
                    id: SandboxID.derived("sto_", segmentID), airport: stop.airport.wire, arrivingAt: stop.arrival,
                    departingAt: stop.departure, duration: ISODuration(minutes: stop.minutes))]
            } ?? []
            let segmentPassengers = zip(passengers, key.passengers).map { passenger, spec in
                SegmentPassenger(
                    passengerId: passenger.id, cabinClass: key.cabin,
                    cabinClassMarketingName: OfferGenerator.cabinMarketingName(key.cabin, airline: flight.airline, longHaul: longHaul),
                    fareBasisCode: OfferGenerator.fareBasis(key.cabin, brand: brand, airline: flight.airline),
                    baggages: noBaggage ? [] : OfferGenerator.baggages(
                        brand: brand, cabin: key.cabin, airline: flight.airline, longHaul: longHaul, passenger: spec))
            }
            return Segment(
                id: segmentID, origin: flight.from.wire, destination: flight.to.wire,
                originTerminal: OfferGenerator.terminal(flight.from, airline: flight.airline),
                destinationTerminal: OfferGenerator.terminal(flight.to, airline: flight.airline),
                departingAt: flight.departure, arrivingAt: flight.arrival,
                duration: ISODuration(seconds: Int(flight.arrivalInstant.timeIntervalSince(flight.departureInstant))),
                marketingCarrier: flight.airline.carrier, marketingCarrierFlightNumber: String(flight.flightNumber),
                operatingCarrier: flight.operatingAirline.carrier,
                operatingCarrierFlightNumber: String(flight.flightNumber), aircraft: flight.aircraft,
                distance: String(format: "%.1f", flight.distanceKm), stops: stops, passengers: segmentPassengers)
        }
        return Slice(
            id: SandboxID.derived("sli_", offerID, "\(legIndex)"), origin: Place(origin), destination: Place(destination),
            duration: ISODuration(seconds: itinerary.elapsedSeconds), fareBrandName: brand.name, segments: segments)
    }

    private func conditions(brand: FareBrand, airline: Airline, longHaul: Bool, cabin: CabinClass, currency: String) -> Conditions {
        let changeFee = Pricing.money(
            minorUnits: Pricing.minorUnits(pounds: (longHaul ? 150 : 45) * (cabin == .economy ? 1 : 1.5), currency: currency),
            currency: currency)
        let none = Pricing.money(minorUnits: 0, currency: currency)
        switch brand.level {
        case .basic:
            // Some airlines do not state a refund rule for their cheapest fares; Duffel then sends null.
            let silent = ["FI", "ET", "AI"].contains(airline.code)
            return Conditions(
                refundBeforeDeparture: silent ? nil : Condition(allowed: false),
                changeBeforeDeparture: Condition(allowed: false))
        case .standard:
            let refundable = airline.code == Airlines.duffelAirways.code
            let refundFee = Pricing.money(
                minorUnits: Pricing.minorUnits(pounds: longHaul ? 200 : 70, currency: currency), currency: currency)
            return Conditions(
                refundBeforeDeparture: refundable ? Condition(allowed: true, penalty: refundFee) : Condition(allowed: false),
                changeBeforeDeparture: Condition(allowed: true, penalty: changeFee))
        case .flex:
            return Conditions(
                refundBeforeDeparture: Condition(allowed: true, penalty: none),
                changeBeforeDeparture: Condition(allowed: true, penalty: none))
        }
    }

    private func paymentRequirements(
        key: SearchKey, brand: FareBrand, airline: Airline, journey: [PlannedItinerary], scenarios: Set<Scenario>,
        random: inout SplitMix64
    ) -> PaymentRequirements {
        guard let departure = journey.first?.flights.first?.departureInstant else {
            return PaymentRequirements(requiresInstantPayment: true)
        }
        let holdAirlines: Set<String> = ["ZZ", "BA", "AF", "KL", "LH", "IB", "AY"]
        let daysAhead = departure.timeIntervalSince(key.createdAt) / 86_400
        let holdable = scenarios.contains(.holdOnly)
            || (brand.level != .basic && holdAirlines.contains(airline.code) && daysAhead >= 3 && random.chance(0.35))
        guard holdable else { return PaymentRequirements(requiresInstantPayment: true) }
        // A hold must be paid a day before departure at the latest, and within three days of booking.
        let payBy = min(key.createdAt.addingTimeInterval(3 * 86_400), departure.addingTimeInterval(-86_400))
        let guaranteed = min(payBy, key.createdAt.addingTimeInterval(86_400))
        return PaymentRequirements(
            requiresInstantPayment: false, paymentRequiredBy: max(payBy, key.createdAt.addingTimeInterval(3_600)),
            priceGuaranteeExpiresAt: max(guaranteed, key.createdAt.addingTimeInterval(3_600)))
    }

    // MARK: - Details

    private static let fullServiceLongHaul: Set<String> = ["EK", "QR", "SQ", "TK", "ET", "CX", "NH", "AI"]

    static func baggages(brand: FareBrand, cabin: CabinClass, airline: Airline, longHaul: Bool, passenger: PassengerSpec) -> [Baggage] {
        if passenger == .infantOnLap {
            return [Baggage(type: .checked, quantity: brand.level == .basic ? 0 : 1), Baggage(type: .carryOn, quantity: 0)]
        }
        let checked: Int
        let carryOn: Int
        switch cabin {
        case .business: (checked, carryOn) = (2, 2)
        case .first: (checked, carryOn) = (3, 2)
        case .premiumEconomy: (checked, carryOn) = (2, 1)
        default:
            switch brand.level {
            case .basic: checked = longHaul && fullServiceLongHaul.contains(airline.code) ? 1 : 0
            case .standard: checked = 1
            case .flex: checked = 2
            }
            carryOn = 1
        }
        return [Baggage(type: .checked, quantity: checked), Baggage(type: .carryOn, quantity: carryOn)]
    }

    static func cabinMarketingName(_ cabin: CabinClass, airline: Airline, longHaul: Bool) -> String {
        switch (airline.code, cabin) {
        case ("BA", .economy): longHaul ? "World Traveller" : "Euro Traveller"
        case ("BA", .premiumEconomy): "World Traveller Plus"
        case ("BA", .business): longHaul ? "Club World" : "Club Europe"
        case ("VS", .business): "Upper Class"
        case ("ZZ", .economy): "Duffel Economy"
        default: cabin.displayName
        }
    }

    static func fareBasis(_ cabin: CabinClass, brand: FareBrand, airline: Airline) -> String {
        let bookingClass: String
        switch (cabin, brand.level) {
        case (.first, _): bookingClass = "F"
        case (.business, .flex): bookingClass = "J"
        case (.business, _): bookingClass = "I"
        case (.premiumEconomy, .flex): bookingClass = "W"
        case (.premiumEconomy, _): bookingClass = "E"
        case (_, .basic): bookingClass = "O"
        case (_, .standard): bookingClass = "Q"
        case (_, .flex): bookingClass = "Y"
        }
        let family = ["LOW", "STD", "FLX"][brand.level.rawValue]
        return "\(bookingClass)\(family)\(airline.code)"
    }

    /// Busy airports have numbered terminals, each airline in its own; small ones have none on record.
    static func terminal(_ airport: AirportInfo, airline: Airline) -> String? {
        let hash = StableHash.of("terminal", airport.code, airline.code)
        switch airport.size {
        case .major: return String(hash % 5 + 1)
        case .large: return String(hash % 3 + 1)
        case .medium: return hash % 2 == 0 ? "1" : nil
        case .small: return nil
        }
    }
}
