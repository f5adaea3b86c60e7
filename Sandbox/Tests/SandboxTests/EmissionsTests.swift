import Entities
import Foundation
import Testing

/// `total_emissions_kg`: plausible for the distance flown, per passenger with a seat, and more in premium cabins.
@Suite("Emissions")
struct EmissionsTests {
    /// Kilograms of CO₂ per seated passenger per 1,000 km flown.
    private func intensity(_ offer: Offer, seated: Int) throws -> Double {
        let kilometres = offer.slices.flatMap(\.segments).reduce(0.0) { $0 + (Double($1.distance ?? "") ?? 0) }
        let total = try #require(offer.totalEmissionsKg.flatMap(Double.init))
        return total / Double(seated) / kilometres * 1_000
    }

    @Test("economy emits 60 to 125 kg per passenger per 1,000 km, short and long flights alike; business more")
    func plausible() async throws {
        try await Harness.run { harness in
            for (origin, destination) in [("LHR", "AMS"), ("LHR", "JFK"), ("LHR", "SIN"), ("MAN", "GLA")] {
                let economy = try await harness.offers.createOfferRequest(
                    harness.search(origin, destination, passengers: [.adult, .child(age: 7), .infantOnLap]), returnOffers: true).offers
                #expect(!economy.isEmpty)
                for offer in economy {
                    let value = try intensity(offer, seated: 2)
                    #expect((60...125).contains(value), "\(origin)-\(destination): \(value) kg per 1,000 km")
                }
                let business = try await harness.offers.createOfferRequest(
                    harness.search(origin, destination, cabin: .business), returnOffers: true).offers
                for offer in business {
                    #expect(try intensity(offer, seated: 1) > 150, "\(origin)-\(destination) in business")
                }
            }
        }
    }
}
