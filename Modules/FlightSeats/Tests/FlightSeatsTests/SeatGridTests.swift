import Entities
import Foundation
import Testing
import TravelText
@testable import FlightSeats

/// The seat grid read as a traveller reads it: each seat under its own letter, cell by cell (issue 21, item 7).
@Suite("Seat grid columns")
struct SeatGridTests {
    private func read(_ state: FlightSeatsState, passengerId: String? = nil, cursor: String? = nil) throws -> ReadGrid {
        let flight = try require(state.currentFlight)
        let grid = SeatGrid(segment: flight.segment, map: flight.map, choices: state.choices,
                                     passengers: state.passengers, passengerId: passengerId, cursor: cursor)
        return ReadGrid(grid.lines())
    }

    @Test("a row with seats missing draws each seat under its own letter, a gap where a seat is not")
    func missingSeats() throws {
        let (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [(27, "A B C | D E F | H J K"), (28, "A Cx | D E F | J K$")])]
        }
        let grid = try read(state)
        #expect(grid.headers == ["A B C | D E F | H J K"])
        #expect(grid.rows["27"] == ["A": ".", "B": ".", "C": ".", "D": ".", "E": ".", "F": ".", "H": ".", "J": ".",
                                    "K": "."])
        #expect(grid.rows["28"] == ["A": ".", "C": "x", "D": ".", "E": ".", "F": ".", "J": ".", "K": "$"])
        #expect(grid.stray["28"] == nil)
    }

    @Test("the header is every letter the cabin's rows use, alphabetical within each section, not the widest row's")
    func unionOfLetters() throws {
        let (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [(20, "A B | D E F G$ | J K"), (21, "A B C | D E F | H J K")])]
        }
        let grid = try read(state)
        #expect(grid.headers == ["A B C | D E F G | H J K"])
        #expect(grid.rows["20"] == ["A": ".", "B": ".", "D": ".", "E": ".", "F": ".", "G": "$", "J": ".", "K": "."])
        #expect(grid.rows["21"] == ["A": ".", "B": ".", "C": ".", "D": ".", "E": ".", "F": ".", "H": ".", "J": ".",
                                    "K": "."])
        #expect(grid.stray.isEmpty)
    }

    @Test("narrower rows at the back stay under their letters, a row without a middle section too")
    func narrowerAtTheBack() throws {
        let (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [
                (40, "A B C | D E F | H J K"), (41, "A B C | D E F | H J K"), (42, "A C | D E F | H K"),
                (43, "Ax C | Hx K"),
            ])]
        }
        let grid = try read(state)
        #expect(grid.headers == ["A B C | D E F | H J K"])
        #expect(grid.rows["42"] == ["A": ".", "C": ".", "D": ".", "E": ".", "F": ".", "H": ".", "K": "."])
        #expect(grid.rows["43"] == ["A": "x", "C": ".", "H": "x", "K": "."])
        #expect(grid.stray.isEmpty)
    }

    @Test("exit rows with seats missing: the exits at the walls, each seat under its letter, galleys in their sections")
    func exitRows() throws {
        let (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(wings: .init(firstRowIndex: 1, lastRowIndex: 2), passengerId: passenger, [
                (nil, "EX | _ | EX"), (30, "A$ C$ | D E F | H$ K$"), (31, "A B C | D E F | H J K"),
                (32, "A _ C | D E F | H J K"), (nil, "WC | GA | WC"),
            ])]
        }
        let grid = try read(state)
        #expect(grid.headers == ["A B C | D E F | H J K"])
        #expect(grid.rows["exit"] == ["A": "EX", "H": "EX"])
        #expect(grid.rows["30"] == ["A": "$", "C": "$", "D": ".", "E": ".", "F": ".", "H": "$", "K": "$"])
        #expect(grid.rows["32"] == ["A": ".", "C": ".", "D": ".", "E": ".", "F": ".", "H": ".", "J": ".", "K": "."])
        #expect(grid.stray.isEmpty)
    }

    @Test("each cabin and deck has its own header, with its aisles where its rows have them")
    func cabinsAndDecks() throws {
        let (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(deck: 1, .business, passengerId: passenger, [(1, "A | D G | K"), (2, "Ax | D G$ | K")]),
             SeatSketch.cabin(deck: 0, .economy, passengerId: passenger,
                              [(10, "A B C | D E F G | H J K"), (11, "A C | D E F G | H K")]),
             SeatSketch.cabin(deck: 0, .economy, aisles: 1, passengerId: passenger, [(20, "A C | D F"), (21, "A C | D")])]
        }
        let flight = try require(state.currentFlight)
        let lines = SeatGrid(segment: flight.segment, map: flight.map, choices: [], passengers: state.passengers,
                                      passengerId: nil, cursor: nil).lines()
        #expect(lines.filter { $0.contains(" · ") } == ["Upper deck · Business", "Main deck · Economy", "Main deck · Economy"])
        let grid = ReadGrid(lines)
        #expect(grid.headers == ["A | D G | K", "A B C | D E F G | H J K", "A C | D F"])
        #expect(grid.rows["2"] == ["A": "x", "D": ".", "G": "$", "K": "."])
        #expect(grid.rows["11"] == ["A": ".", "C": ".", "D": ".", "E": ".", "F": ".", "G": ".", "H": ".", "K": "."])
        #expect(grid.rows["21"] == ["A": ".", "C": ".", "D": "."])
        #expect(grid.stray.isEmpty)
    }

    @Test("a seat typed is the seat drawn under that letter; a letter the row lacks is refused with the reason")
    func typedSeats() throws {
        var (state, _) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [(27, "A B C | D E F | H J K"), (28, "A C | D E F | J K")])]
        }
        let passenger = try require(state.currentPassenger)
        _ = FlightSeatsReducer.reduce(&state, .entered("28B"))
        #expect(state.notice == .problem("There is no seat 28B on this flight (rows 27–28)."))
        #expect(state.choices.isEmpty)
        _ = FlightSeatsReducer.reduce(&state, .entered("28k"))
        #expect(state.choices.map(\.designator) == ["28K"])
        state.phase = .choosing
        let grid = try read(state, passengerId: passenger.id, cursor: "28C")
        #expect(grid.rows["28"] == ["A": ".", "C": ".", "D": ".", "E": ".", "F": ".", "J": ".", "K": "*"])
    }

    @Test("the cursor is drawn on the seat under its letter, and moving right goes to the next seat in the row")
    func cursor() throws {
        var (state, _) = try FlightSeatsState.sketched({ passenger in
            [SeatSketch.cabin(passengerId: passenger, [(28, "A Cx | D E F | J K"), (29, "A B C | D E F | H J K")])]
        }, interactive: true)
        state.cursor = "28A"
        _ = FlightSeatsReducer.reduce(&state, .key(.right))
        #expect(state.cursor == "28C")
        let lines = try require(FlightSeatsViewModel(state).grid).lines()
        let row = try require(lines.first { $0.hasPrefix("28") })
        let header = try require(lines.first)
        let bracket = try require(row.firstIndex(of: "["))
        let center = row.distance(from: row.startIndex, to: bracket) + 1
        #expect(Array(header)[center] == "C")
        #expect(Array(row)[center] == "x")
    }
}
