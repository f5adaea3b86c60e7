import Entities
import Foundation
import Trips

extension SearchDraft {
    /// The draft with `input`'s numbers and choices; places, dates and the window are typed text, read elsewhere.
    init(input: FlightSearchInput) {
        self.init()
        adults = input.adults ?? 1
        childAges = input.childAges
        infants = input.infants ?? 0
        cabin = input.cabin ?? .economy
        maxConnections = input.maxConnections ?? 1
    }
}
