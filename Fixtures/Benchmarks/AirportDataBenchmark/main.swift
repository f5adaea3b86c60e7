import AirportData

// Times what a traveller waits for: the first load of the bundled data and each suggestion
// lookup. Prints figures only; nothing here passes or fails on a timing.

let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let firstStart = clock.now
let world = AirportDirectory.world
let firstLoad = milliseconds(clock.now - firstStart)
print("first AirportDirectory.world: \(format3(firstLoad)) ms, \(world.airports.count) airports, \(world.cities.count) cities")

var loads: [Double] = []
for _ in 0..<10 {
    let start = clock.now
    let directory = try AirportDirectory.loadWorld()
    loads.append(milliseconds(clock.now - start))
    precondition(directory.airports.count == world.airports.count)
}
print("loadWorld(): median \(format3(median(loads))) ms, min \(format3(loads.min() ?? 0)) ms over \(loads.count) loads")

let queries = ["lon", "new york", "JFK", "paris cdg", "london heathrow", "san fran", "a", "zzzzzz"]
for query in queries {
    var times: [Double] = []
    var count = 0
    for _ in 0..<50 {
        let start = clock.now
        count = world.suggestions(for: query).count
        times.append(milliseconds(clock.now - start))
    }
    print("suggestions(for: \"\(query)\"): median \(format3(median(times))) ms, \(count) results")
}

func format3(_ value: Double) -> String {
    let rounded = (value * 1_000).rounded() / 1_000
    return "\(rounded)"
}
