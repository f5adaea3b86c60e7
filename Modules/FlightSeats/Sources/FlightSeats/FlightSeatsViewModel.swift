import Foundation

/// Exactly what the FlightSeats screen shows, already formatted: a pure function of the state.
struct FlightSeatsViewModel: Encodable, Sendable, Equatable {
    var title: String
    var lines: [String]

    init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    init(_ state: FlightSeatsState) {
        let title = state.title.trimmingCharacters(in: .whitespaces)
        let opened = state.openedAt.map { "Opened at \($0.formatted(.iso8601.time(includingFractionalSeconds: false)))." }
        self.init(title: title.isEmpty ? "FlightSeats" : title, lines: opened.map { [$0] } ?? [])
    }
}
