public import Entities
public import Foundation
public import ModuleCore
public import Services
public import Trips
public import TerminalUI

/// Builds the change screen: a booked flight moved to another day, through the airline's order changes.
///
/// ```swift
/// let builder = FlightChangeBuilder(changes: client, orders: client)
/// navigator.push(builder.build(input: FlightChangeInput(order: order), router: appRouter, terminal: terminal))
/// ```
public struct FlightChangeBuilder {
    private let changes: any OrderChangeService
    private let orders: any OrderService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?
    /// How long to wait before each read of a change after a lost answer (tests wait for nothing).
    var lookupDelays: [Duration] = LostAnswer.lookupDelays

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - changes: asks for change offers, makes a change and confirms it.
    ///   - orders: reads the booking after the change.
    ///   - now: the clock, for typed days and offer expiry.
    ///   - timeZone: the traveller's, for what "today" is.
    ///   - recorder: when given, every step of the screen is recorded.
    public init(
        changes: any OrderChangeService, orders: any OrderService, now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current, recorder: SessionRecorder? = nil
    ) {
        self.changes = changes
        self.orders = orders
        self.now = now
        self.timeZone = timeZone
        self.recorder = recorder
    }

    /// The screen, to be shown by the caller's navigator; its ways out go through `router` (held weakly).
    @MainActor
    public func build(input: FlightChangeInput, router: any FlightChangeRouter, terminal: any Terminal) -> any Screen {
        let services = FlightChangeServices(changes: changes, orders: orders, clock: now, lookupDelays: lookupDelays)
        let started = now()
        let state = FlightChangeState(
            input: input, isInteractive: terminal.isInteractive, now: started, today: CalendarDate(started, in: timeZone))
        let now = now
        return ScreenRunner<FlightChangeReducer>(
            state: state, terminal: terminal, recorder: recorder,
            appearing: { .appeared(now: now()) },
            perform: { work in await services.perform(work) },
            leave: { [weak router] route in
                switch route {
                case .back: router?.changeDidGoBack()
                case .finished(let outcome): router?.changeDidFinish(outcome)
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no work done.
    public static var replay: ModuleReplay { .screen(FlightChangeReducer.self) }
}

/// What the change screen is shown with: the booking, and what the traveller already said about the change. The
/// screen asks the rest and the traveller confirms; a change with nothing to ask (`flights change REF --flight 2
/// --date +3 --yes`) is the core's `ChangeFlights` and `ChangePlan`, with no screen.
public struct FlightChangeInput: Sendable, Hashable, Codable {
    /// The booking to change, as last read; `nil` looks it up by ``reference``.
    public var order: Order?
    /// The booking's reference (PNR).
    public var reference: String
    /// What moves where, when already known: the airline's offers are then asked at once; `nil` asks the traveller.
    public var plan: FlightChangePlan?

    /// An input for `order`.
    public init(order: Order, plan: FlightChangePlan? = nil) {
        self.init(reference: order.bookingReference, plan: plan)
        self.order = order
    }

    /// An input for the booking whose reference is `reference`, looked up first.
    public init(reference: String, plan: FlightChangePlan? = nil) {
        self.order = nil
        self.reference = reference
        self.plan = plan
    }
}

/// A change said up front: which of the booking's flights move to which day, in which cabin (the core's).
public typealias FlightChangePlan = ChangePlan
