public import Foundation
public import ModuleCore
public import TerminalUI

/// The way into FlightSeats: made with what the module needs, it builds the screen.
public struct FlightSeatsBuilder {
    private let now: @Sendable () -> Date
    private let recorder: SessionRecorder?

    /// A builder; `now` is the clock the module reads (tests pass a fixed one); with a `recorder`, every step of
    /// the screen is recorded.
    public init(now: @escaping @Sendable () -> Date = { Date() }, recorder: SessionRecorder? = nil) {
        self.now = now
        self.recorder = recorder
    }

    /// Wires the module's roles and returns its screen, to be shown by the caller's navigator.
    @MainActor
    public func build(input: FlightSeatsInput, router: any FlightSeatsRouter, terminal: any Terminal) -> any Screen {
        let state = FlightSeatsState(title: input.title, isInteractive: terminal.isInteractive)
        let presenter = FlightSeatsPresenter(
            store: Store(state, recorder: recorder), interactor: FlightSeatsInteractor(now: now), router: router)
        let view = FlightSeatsTerminalView(terminal: terminal)
        presenter.view = view
        view.presenter = presenter
        return view
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no service asked.
    public static var replay: ModuleReplay {
        ModuleReplay.of(FlightSeatsReducer.self) { terminal in
            let view = FlightSeatsTerminalView(terminal: terminal)
            return { effect in if case .show(let output) = effect { view.render(output) } }
        }
    }
}

/// What FlightSeats is shown with.
public struct FlightSeatsInput: Sendable, Hashable {
    /// The screen's title.
    public var title: String

    /// An input.
    public init(title: String) {
        self.title = title
    }
}
