public import Entities
public import Foundation
public import ModuleCore
public import Services
public import TerminalUI
public import Trips

/// Builds the flight search screen: where from, where to, when, who, which cabin. The only way into the module.
///
/// ```swift
/// let builder = FlightSearchBuilder(places: placeService)
/// let screen = builder.build(router: appRouter, terminal: terminal)
/// await screen.run()   // ends in appRouter.searchDidSearch(for:) or searchDidGoBack()
/// ```
public struct FlightSearchBuilder {
    private let places: any PlaceService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?

    /// A builder over `places`.
    ///
    /// - Parameters:
    ///   - places: suggests airports and cities for what the traveller types.
    ///   - now: the clock; "today" is `now()` in `timeZone`, so `tomorrow`, `fri` and past dates follow it.
    ///   - timeZone: the traveller's time zone.
    ///   - recorder: when given, every action the screen reduces (and every place-service answer) is written to the
    ///     session it records, so the session can be replayed (see ``replay``).
    public init(
        places: any PlaceService, now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        recorder: SessionRecorder? = nil
    ) {
        self.places = places
        self.now = now
        self.timeZone = timeZone
        self.recorder = recorder
    }

    /// Creates the screen. The returned screen is its only strong owner: keep it for as long as it is shown.
    ///
    /// - Parameters:
    ///   - input: what the traveller (or the composer) already said; the rest is asked, and the traveller reviews
    ///     the search before it runs.
    ///   - router: where the screen goes next; held weakly.
    ///   - terminal: where the screen reads and writes.
    @MainActor
    public func build(
        input: FlightSearchInput = FlightSearchInput(), router: any FlightSearchRouter, terminal: any Terminal
    ) -> any Screen {
        let (now, timeZone, places) = (now, timeZone, places)
        // Today is read afresh each time the screen appears, so a screen left open past midnight moves on.
        let today = { CalendarDate(now(), in: timeZone) }
        let state = FlightSearchState(
            input: input, today: today(), isInteractive: terminal.isInteractive, columns: terminal.columns)
        return ScreenRunner<FlightSearchReducer>(
            state: state, terminal: terminal, recorder: recorder, 
            appearing: { .appeared(today: today()) },
            perform: { work in await Self.perform(work, places: places) },
            leave: { [weak router] route in
                switch route {
                case .availability(let request): router?.searchDidSearch(for: request)
                case .back: router?.searchDidGoBack()
                }
                return nil
            })
    }

    /// Does one piece of the screen's work: a call to the place service, whose answer comes back as an action.
    static func perform(_ work: FlightSearchWork, places: any PlaceService) async -> FlightSearchAction? {
        switch work {
        case .lookUpPlaces(let id, let text):
            return .placesAnswered(id: id, await lookUp(text, places))
        }
    }

    private static func lookUp(_ text: String, _ places: any PlaceService) async -> Outcome<[Place], ServiceError> {
        await Outcome { () async throws(ServiceError) in
            try await places.suggestions(for: text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// How a recorded session replays this module: its recorded steps run through the module's reducer again and
    /// what they show is drawn as the screen drew it, with no place service called.
    public static var replay: ModuleReplay { .screen(FlightSearchReducer.self) }
}


/// What the traveller (or the composer) already said, as typed text, so it goes through the same parsing and
/// place resolution as typing would; the rest is asked, and the search is reviewed before it runs. A search with
/// nothing to ask is the core's (`SearchFlights` in Trips), not a screen's.
///
/// ```swift
/// let input = FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "2026-12-18")], returnDate: "+10", adults: 2)
/// ```
public struct FlightSearchInput: Sendable, Hashable, Codable {
    /// One leg as typed: places as a city, an airport or a code (`lon`, `new york`, `JFK`); the date in any form
    /// the date field takes (`2026-12-18`, `tomorrow`, `+7`, `fri`, `18 dec`). An empty string means "not given".
    /// The core's leg, so a typed search means the same on the screen, in a command and in a tool.
    public typealias Leg = TripQuery.Leg

    /// The legs: empty to ask; one leg (with ``returnDate`` for a round trip); two to four for multi-city.
    public var legs: [Leg]
    /// The return date for a one-leg trip; `+N` counts from the outbound date.
    public var returnDate: String?
    /// Adults (18 or older); 1 when not given.
    public var adults: Int?
    /// The age of each child (0 to 17) with a seat of their own.
    public var childAges: [Int]
    /// Infants under 2 on an adult's lap; 0 when not given.
    public var infants: Int?
    /// The cabin; economy when not given.
    public var cabin: CabinClass?
    /// The most connections on any leg (0 to 2); 1 when not given.
    public var maxConnections: Int?
    /// Only flights departing in this window, as typed: `09:00-17:00`, `9-17`, `morning`.
    public var departureWindow: String?
    /// An input; everything not given is asked.
    public init(
        legs: [Leg] = [],
        returnDate: String? = nil,
        adults: Int? = nil,
        childAges: [Int] = [],
        infants: Int? = nil,
        cabin: CabinClass? = nil,
        maxConnections: Int? = nil,
        departureWindow: String? = nil
    ) {
        self.legs = legs
        self.returnDate = returnDate
        self.adults = adults
        self.childAges = childAges
        self.infants = infants
        self.cabin = cabin
        self.maxConnections = maxConnections
        self.departureWindow = departureWindow
    }

    /// The fields of `search`, to show it again (after other days were chosen in the availability's date grid):
    /// its places by code, its dates, passengers, cabin, connections and the first leg's departure window.
    /// The screen opens on the review.
    public init(search: SearchRequest) {
        let isRoundTrip = search.tripKind == .roundTrip
        let legs = (isRoundTrip ? Array(search.slices.prefix(1)) : search.slices).map { slice in
            Leg(from: slice.origin, to: slice.destination, date: slice.departureDate.description)
        }
        var adults = 0, infants = 0
        var childAges: [Int] = []
        for passenger in search.passengers {
            switch passenger {
            case .adult: adults += 1
            case .child(let age): childAges.append(age)
            case .infantOnLap: infants += 1
            }
        }
        let window = search.slices.first?.departureTime.map { "\($0.from)-\($0.to)" }
        self.init(
            legs: legs, returnDate: isRoundTrip ? search.slices.last?.departureDate.description : nil,
            adults: adults, childAges: childAges, infants: infants, cabin: search.cabinClass,
            maxConnections: search.maxConnections, departureWindow: window)
    }
}
