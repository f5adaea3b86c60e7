public import Entities
public import ModuleCore
public import Services
public import TerminalUI

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

    /// Wires the module's roles and returns its screen, to be shown by the caller's navigator.
    @MainActor
    public func build(input: FlightSeatsInput, router: any FlightSeatsRouter, terminal: any Terminal) -> any Screen {
        let state = FlightSeatsState(input: input, isInteractive: terminal.isInteractive)
        let presenter = FlightSeatsPresenter(
            store: Store(state, recorder: recorder), interactor: FlightSeatsInteractor(extras: extras), router: router)
        let view = FlightSeatsTerminalView(terminal: terminal, machineOutput: input.mode == .show(json: true))
        presenter.view = view
        view.presenter = presenter
        return view
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no service asked.
    public static var replay: ModuleReplay {
        ModuleReplay.of(FlightSeatsReducer.self) { terminal in
            let view = FlightSeatsTerminalView(terminal: terminal, machineOutput: false)
            return { effect in if case .show(let output) = effect { view.render(output) } }
        }
    }
}

/// What FlightSeats is shown with.
public struct FlightSeatsInput: Sendable, Hashable, Codable {
    /// Choose seats, or only show the maps.
    public enum Mode: Sendable, Hashable, Codable {
        /// Draw the maps and let the traveller choose.
        case choose
        /// Print every flight's map and leave (`flights seats <offer>`); with `json`, Duffel's seat maps on standard
        /// output.
        case show(json: Bool)
    }

    /// The offer whose seats are shown, `off_…`.
    public var offerID: String
    /// The offer itself, its passengers and segments; read from the API when not given.
    public var offer: Offer?
    /// Seats chosen before (coming back to the screen): shown as chosen, kept unless changed.
    public var chosen: [SeatChoice]
    /// What the screen does.
    public var mode: Mode

    /// An input for an offer at hand.
    public init(offer: Offer, chosen: [SeatChoice] = [], mode: Mode = .choose) {
        self.offerID = offer.id
        self.offer = offer
        self.chosen = chosen
        self.mode = mode
    }

    /// An input for an offer known by its id only (`flights seats off_…`): the screen reads it first.
    public init(offerID: String, mode: Mode) {
        self.offerID = offerID
        self.offer = nil
        self.chosen = []
        self.mode = mode
    }
}
