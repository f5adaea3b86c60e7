import Entities
import Foundation
import ModuleCore
import Services
import Trips
import TerminalUI

/// The list of bookings kept here: reading it (and checking the pending ones), and choosing from it.
extension FlightBookingsReducer {
    /// Reads the bookings for the interactive list.
    static func openList(_ state: inout State) -> [Effect] {
        [progress("Reading your bookings…"), .run(.loadBookings)]
    }

    /// The bookings were read: listed on the screen, or printed once.
    static func bookingsLoaded(_ state: inout State, _ outcome: Outcome<BookingList, BookingStoreError>) -> [Effect] {
        var effects: [Effect] = [hideProgress]
        switch outcome {
        case .success(let list):
            state.records = list.records
            state.pendingNotFoundKeys = list.reconciliations.compactMap {
                if case .notFound(let record) = $0 { record.bookingKey } else { nil }
            }
            state.notes = state.reconciliationNotes(list)
            state.changesWaiting = list.changesWaiting ?? []
            state.current = nil
            state.step = .list
            state.listUnread = false
            return effects
        case .failure(let error):
            effects.append(self.error(error.description))
            state.records = []
            state.notes = []
            state.current = nil
            state.step = .list
            state.listUnread = true
            return effects
        }
    }

    /// The traveller answered the list's question: a booking's number, `n`, `b`/`q` or `r`.
    static func answerList(_ state: inout State, _ text: String) -> [Effect] {
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch answer {
        case "n":
            return newSearch(&state)
        case "b", "q":
            return leave(&state)
        case "r":
            return openList(&state)
        default:
            guard let number = Int(answer), state.records.indices.contains(number - 1) else {
                let range = state.records.isEmpty ? "" : "a booking's number (1–\(state.records.count)), "
                return [error("Enter \(range)n for a new search, or b to go back.")]
            }
            return [progress("Reading the booking from the flight service…"), .run(.refresh(state.records[number - 1]))]
        }
    }
}
