import Entities
import TerminalUI

/// What the seats screen can show.
@MainActor
protocol FlightSeatsView: AnyObject {
    /// Shows one flight's map and whose turn it is.
    func display(_ viewModel: FlightSeatsViewModel)
    /// Shows every flight's map (`flights seats`).
    func displayMaps(_ maps: [SeatGridViewModel])
    /// Writes Duffel's seat maps as JSON for programs.
    func writeJSON(_ maps: [SeatMap])
    /// A message, an error, progress.
    func show(_ note: ScreenNote)
    /// Puts a question next.
    func ask(_ prompt: String)
    /// Nothing more to ask.
    func finish()
}

extension FlightSeatsView {
    /// Shows one output of the reducer.
    func render(_ output: FlightSeatsOutput) {
        // Text from the airline (aircraft, seat names, designators, disclosures) is made visible before it is laid
        // out, so no escape sequence in it reaches the terminal; the JSON for programs is escaped where it is written.
        switch output {
        case .screen(let viewModel): display(UntrustedText.sanitized(viewModel))
        case .maps(let maps): displayMaps(UntrustedText.sanitized(maps))
        case .json(let maps): writeJSON(maps)
        case .note(let note): show(note)
        case .question(let prompt): ask(prompt)
        case .finished: finish()
        }
    }
}
