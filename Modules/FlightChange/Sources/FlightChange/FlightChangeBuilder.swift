public import Foundation
public import ModuleCore
public import TerminalUI

/// The way into FlightChange: made with what the module needs, it builds the screen.
public struct FlightChangeBuilder {
    private let now: @Sendable () -> Date
    private let recorder: SessionRecorder?

    /// A builder; `now` is the clock the module reads (tests pass a fixed one); with a `recorder`, every step of
    /// the screen is recorded.
    public init(now: @escaping @Sendable () -> Date = { Date() }, recorder: SessionRecorder? = nil) {
        self.now = now
        self.recorder = recorder
    }

    /// The screen, to be shown by the caller's navigator: its rules run by ModuleCore's ``ScreenRunner``, its work
    /// done here, its ways out through `router` (held weakly).
    @MainActor
    public func build(input: FlightChangeInput, router: any FlightChangeRouter, terminal: any Terminal) -> any Screen {
        let now = now
        return ScreenRunner<FlightChangeReducer>(
            state: FlightChangeState(title: input.title, isInteractive: terminal.isInteractive), terminal: terminal,
            recorder: recorder, appearing: { .appeared },
            perform: { work in switch work { case .open: .opened(now()) } },
            leave: { [weak router] route in
                switch route {
                case .finish: router?.flightChangeDidFinish()
                case .back: router?.navigateBack()
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no work done.
    public static var replay: ModuleReplay { .screen(FlightChangeReducer.self) }
}

/// What FlightChange is shown with.
public struct FlightChangeInput: Sendable, Hashable {
    /// The screen's title.
    public var title: String

    /// An input.
    public init(title: String) {
        self.title = title
    }
}
