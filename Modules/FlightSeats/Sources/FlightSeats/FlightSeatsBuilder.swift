public import Entities
public import ModuleCore
public import Services
public import TerminalUI
import TravelText

/// The way into FlightSeats: made with the service that reads seat maps, it builds the screen that draws each
/// flight's seats and lets the traveller choose one per passenger per flight.
public struct FlightSeatsBuilder {
    private let extras: any ExtrasService
    private let recorder: SessionRecorder?

    /// A builder over `extras`; with a `recorder`, every step of the screen is recorded.
    public init(extras: any ExtrasService, recorder: SessionRecorder? = nil) {
        self.extras = extras
        self.recorder = recorder
    }

    /// The seats screen, to be shown by the caller's navigator: its rules run by ModuleCore's `ScreenRunner`, the
    /// seat maps read through the builder's service, the ways out through `router` (held weakly).
    @MainActor
    public func build(input: FlightSeatsInput, router: any FlightSeatsRouter, terminal: any Terminal) -> any Screen {
        let extras = extras
        return ScreenRunner<FlightSeatsReducer>(
            state: FlightSeatsState(input: input, isInteractive: terminal.isInteractive, columns: terminal.columns),
            terminal: terminal, recorder: recorder,
            appearing: { .appeared },
            perform: { work in await work.perform(with: extras) },
            leave: { [weak router] route in
                switch route {
                case .chosen(let seats): router?.seatsDidChoose(seats)
                case .back: router?.seatsDidGoBack()
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no service asked.
    public static var replay: ModuleReplay { .screen(FlightSeatsReducer.self) }
}

/// What FlightSeats is shown with. The screen is for choosing: maps printed once, for reading, are `TravelText`'s
/// `SeatMapsText` over the core's seat maps, as `flights seats` prints them.
public struct FlightSeatsInput: Sendable, Hashable, Codable {
    /// The offer whose seats are shown, `off_…`.
    public var offerID: String
    /// The offer itself, its passengers and segments; read from the API when not given.
    public var offer: Offer?
    /// Seats chosen before (coming back to the screen): shown as chosen, kept unless changed.
    public var chosen: [SeatChoice]

    /// An input for an offer at hand.
    public init(offer: Offer, chosen: [SeatChoice] = []) {
        self.offerID = offer.id
        self.offer = offer
        self.chosen = chosen
    }

    /// An input for an offer known by its id only: the screen reads it first.
    public init(offerID: String) {
        self.offerID = offerID
        self.offer = nil
        self.chosen = []
    }
}
