import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import Services
import TerminalUI
import Testing
@testable import Trips
import TravelText

/// The recorded one-way search's answer, with the CO₂ estimates changed by `edit` (offer id → new estimate).
private func oneWay(_ edit: (Offer) -> String? = { $0.totalEmissionsKg }) throws -> OfferSearchResult {
    var request = try FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data
    request.offers = request.offers.map { offer in
        var changed = offer
        changed.totalEmissionsKg = edit(offer)
        return changed
    }
    return OfferSearchResult(offerRequest: request, offers: request.offers)
}

/// A screen showing `result`, typed to on lines, as the Builder makes it.
private func showing(
    _ result: OfferSearchResult, style: FlightAvailabilityState.InputStyle = .lines
) -> (FlightAvailabilityState, [FlightAvailabilityEffect]) {
    var state = FlightAvailabilityState(
        input: FlightAvailabilityInput(request: Searches.oneWay),
        inputStyle: style, today: date("2026-11-22"))
    _ = FlightAvailabilityReducer.reduce(&state, .appeared)
    let effects = FlightAvailabilityReducer.reduce(&state, .searchAnswered(id: 1, .success(result)))
    return (state, effects)
}

/// The page the screen shows in `state`, or `nil`.
private func page(_ state: FlightAvailabilityState) -> ResultsViewModel? {
    guard case .results(let page)? = AvailabilityViewModels.screen(state) else { return nil }
    return page
}

/// The offer's estimate as a number, for ordering checks.
private func kilograms(_ offer: Offer) -> Decimal? { AvailabilityOffers.emissionsKg(offer) }

@Suite("FlightAvailability: CO₂ estimates")
struct FlightAvailabilityEmissionsTests {
    typealias Reducer = FlightAvailabilityReducer

    @Test("the page has a CO₂ column when an offer has an estimate; an offer without one shows a dash")
    func column() throws {
        let (state, effects) = showing(try oneWay())
        #expect(effects == [.note(.progressEnded)])
        let shown = try #require(page(state))
        #expect(shown.showsEmissions)
        #expect(shown.rows.first?.price == "£298.00")
        #expect(shown.rows.first?.emissions == "611 kg")
        #expect(shown.rows.allSatisfy { $0.emissions.hasSuffix(" kg") })

        let cheapest = try #require(state.visibleOffers.first?.id)
        let (oneMissing, _) = showing(try oneWay { $0.id == cheapest ? nil : $0.totalEmissionsKg })
        let mixed = try #require(page(oneMissing))
        #expect(mixed.showsEmissions)
        #expect(mixed.rows.first?.emissions == "–")
        #expect(mixed.rows.dropFirst().allSatisfy { $0.emissions.hasSuffix(" kg") })
    }

    @Test("without any estimate from the API there is no CO₂ column, on the page or in the table")
    func absent() throws {
        let none = try oneWay { _ in nil }
        let shown = try #require(page(showing(none).0))
        #expect(!shown.showsEmissions)
        #expect(!OfferFormat.anyEmissions(none.offers))
        #expect(OfferFormat.anyEmissions(try oneWay().offers))
        // An estimate that is not a number of kilograms is no estimate: nothing the server sent is shown as it came.
        let odd = try oneWay { _ in "\u{1B}[31m12" }
        #expect(!(try #require(page(showing(odd).0))).showsEmissions)
    }

    @Test("estimates read as whole kilograms with thousands separated")
    func formatting() throws {
        let offer = try #require(try oneWay().offers.first)
        var changed = offer
        for (text, shown) in [("2670", "2,670 kg"), ("412.6", "413 kg"), ("0", "0 kg"), ("1.2.3", "–"), ("-5", "–"),
                              ("", "–"), ("lots", "–")] {
            changed.totalEmissionsKg = text
            #expect(OfferFormat.emissions(changed) == shown, "\(text)")
        }
    }

    @Test("sort emissions: least CO₂ first, offers without an estimate last, ties by price")
    func order() throws {
        let result = try oneWay()
        var (state, _) = showing(result)
        #expect(Reducer.reduce(&state, .entered("sort emissions")) == [])
        #expect(state.sort == .emissions)
        let estimates = state.visibleOffers.map { kilograms($0) ?? -1 }
        #expect(estimates == estimates.sorted())
        #expect(state.visibleOffers.first?.totalEmissionsKg == "430")
        #expect(page(state)?.status.hasPrefix("Sort: CO₂") == true)
        #expect(page(state)?.rows.first?.emissions == "430 kg")

        // Two without an estimate go last, the cheaper first; two alike sort by price.
        let ids = result.offers.map(\.id)
        let missing = Set(ids.prefix(2))
        let tied = try oneWay { missing.contains($0.id) ? nil : "500" }
        let sorted = AvailabilityOffers.sorted(tied.offers, by: .emissions)
        #expect(Set(sorted.suffix(2).map(\.id)) == missing)
        #expect(sorted.prefix(12).map(\.totalAmount.amount) == sorted.prefix(12).map(\.totalAmount.amount).sorted())
        #expect(sorted.suffix(2).map(\.totalAmount.amount) == sorted.suffix(2).map(\.totalAmount.amount).sorted())

        #expect(AvailabilityCommands.read("sort co2") == .sort(.emissions))
        #expect(AvailabilityCommands.read("sort emi") == .sort(.emissions))
        #expect(AvailabilityViewModels.sortChoice(state).options.last == "CO₂ (least first)")
    }

    @Test("filter co2 500 keeps the offers of at most 500 kg; any clears it; wrong values are explained")
    func filter() throws {
        let result = try oneWay()
        var (state, _) = showing(result)
        #expect(AvailabilityCommands.read("filter co2 500") == .filter(.emissions, "500"))
        #expect(AvailabilityCommands.read("filter CO₂ 500 kg") == .filter(.emissions, "500 kg"))
        #expect(Reducer.reduce(&state, .entered("filter co2 500")) == [])
        #expect(state.filters == AvailabilityFilters(maxEmissionsKg: 500))
        #expect(state.visible.count == 7)
        #expect(state.visibleOffers.allSatisfy { (kilograms($0) ?? 10_000) <= 500 })
        let filtered = try #require(page(state))
        #expect(filtered.status.hasPrefix("Sort: price · Filters: at most 500 kg CO₂ · Page 1 of 1 (offers 1–7 of 7;"))

        let before = state
        for wrong in ["filter co2 lots", "filter co2 -3", "filter co2 5.5"] {
            guard case .note(.message(let notice))? = Reducer.reduce(&state, .entered(wrong)).first else {
                Issue.record("\(wrong) was taken")
                continue
            }
            #expect(notice.kind == .error)
            #expect(notice.message.hasPrefix("Give the most CO₂ as whole kilograms"))
        }
        #expect(state == before)
        _ = Reducer.reduce(&state, .entered("filter co2 500kg"))
        #expect(state == before)
        _ = Reducer.reduce(&state, .entered("filter co2 any"))
        #expect(state == showing(result).0)

        // Offers without an estimate cannot show they are under the limit; with none at all there is nothing to filter.
        var none = showing(try oneWay { _ in nil }).0
        #expect(Reducer.reduce(&none, .entered("filter co2 500")) == Reducer.problem(
            "None of these offers comes with a CO₂ estimate to filter by."))
        #expect(!AvailabilityFilters(maxEmissionsKg: 900).admits(try #require(try oneWay { _ in nil }.offers.first)))
    }

    @Test("keys: the filter list offers CO₂ only when there are estimates; its question sets the filter")
    func filterFromList() throws {
        var state = showing(try oneWay(), style: .keys).0
        _ = Reducer.reduce(&state, .filterTapped)
        #expect(AvailabilityViewModels.filterChoice(state).options == [
            "Stops: any number", "Airlines: all", "Departure time: any time", "CO₂: any amount", "Clear all filters",
        ])
        #expect(Reducer.reduce(&state, .chose(3, in: .filter)) == [])
        #expect(state.overlay == .question(.maxEmissions))
        let question = AvailabilityViewModels.question(.maxEmissions, state)
        #expect(question.kind == .maxEmissions)
        #expect(question.intro == ["CO₂ estimates in these offers: 430–640 kg"])
        #expect(question.defaultAnswer == "any")
        #expect(AvailabilityCommands.problem(with: "lots", for: .maxEmissions, offers: state.result?.offers ?? []) != nil)
        _ = Reducer.reduce(&state, .answered("480", to: .maxEmissions))
        #expect(state.filters.maxEmissionsKg == 480)
        #expect(AvailabilityViewModels.filterChoice(state).options[3] == "CO₂: at most 480 kg")

        var none = showing(try oneWay { _ in nil }, style: .keys).0
        #expect(AvailabilityViewModels.filterChoice(none).options.count == 4)
        _ = Reducer.reduce(&none, .chose(3, in: .filter))
        #expect(none.filters.isEmpty)
    }

    @Test("help names the CO₂ sort and filter, on keys and on lines")
    func help() throws {
        let lines = AvailabilityViewModels.help(showing(try oneWay()).0)
        #expect(lines.rows.contains(KeyValueList.Row("filter co2 500", "at most this many kg of CO₂ (any for all)")))
        #expect(lines.rows.contains { $0.key == "sort duration" && $0.value.contains("CO₂") })
        let keys = AvailabilityViewModels.help(showing(try oneWay(), style: .keys).0)
        #expect(keys.rows.contains(KeyValueList.Row("f", "filter by stops, airline, departure time or CO₂")))
    }
}

/// The fixture service with every offer's CO₂ estimate taken away, as an API that gives none answers.
private final class NoEmissionsOfferService: OfferService {
    let base = FixtureOfferService()

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        var created = try await base.createOfferRequest(request, returnOffers: returnOffers)
        created.offers = created.offers.map(Self.withoutEmissions)
        return created
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        var page = try await base.offers(query)
        page.items = page.items.map(Self.withoutEmissions)
        return page
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        Self.withoutEmissions(try await base.offer(id: id))
    }

    private static func withoutEmissions(_ offer: Offer) -> Offer {
        var changed = offer
        changed.totalEmissionsKg = nil
        return changed
    }
}
