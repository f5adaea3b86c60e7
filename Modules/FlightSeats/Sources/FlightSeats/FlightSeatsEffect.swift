/// What must happen outside the FlightSeats reducer.
enum FlightSeatsEffect: Encodable, Sendable, Equatable {
    /// Load the content (the interactor reads the clock).
    case load
    /// Show something.
    case show(FlightSeatsOutput)
    /// Leave through the router.
    case navigate(FlightSeatsRoute)
}

/// What the view can be told to show.
enum FlightSeatsOutput: Encodable, Sendable, Equatable {
    case screen(FlightSeatsViewModel)
    case question(prompt: String)
    case finished
}

/// The ways out, as data.
enum FlightSeatsRoute: Encodable, Sendable, Equatable {
    case finish
    case back
}
