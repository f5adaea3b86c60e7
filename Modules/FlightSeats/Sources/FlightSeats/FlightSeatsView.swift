/// What the FlightSeats screen can show.
@MainActor
protocol FlightSeatsView: AnyObject {
    /// Shows the screen's content.
    func display(_ viewModel: FlightSeatsViewModel)
    /// Puts a question next.
    func ask(_ prompt: String)
    /// Nothing more to ask.
    func finish()
}

extension FlightSeatsView {
    /// Shows one output of the reducer.
    func render(_ output: FlightSeatsOutput) {
        switch output {
        case .screen(let viewModel): display(viewModel)
        case .question(let prompt): ask(prompt)
        case .finished: finish()
        }
    }
}
