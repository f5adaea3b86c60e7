// Shows a traveller's price watches with Flights' FlightWatches screen in another team's tool: a watch kept in
// LocalStore's SQLite store (a folder of the tool's own) and checked once over FixtureServices' recorded offers,
// then the screen on a VirtualTerminal whose input is typed in advance: watch 1 opened, searched again; the tool's
// router hears which search to show.
import Entities
import FixtureServices
import FlightWatches
import Foundation
import LocalStore
import TerminalUI
import Trips

/// The tool's way out of the screen. The screen holds the router weakly, so the tool keeps it.
@MainActor
final class WatchesRouter: FlightWatchesRouter {
    var search: SearchRequest?
    func watchesDidAskToSearch(_ search: SearchRequest) { self.search = search }
    func watchesDidGoBack() {}
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watches-\(UUID().uuidString)")
let store = SQLiteWatchStore(directory: folder)
let offers = FixtureOfferService()
let today = CalendarDate(year: 2026, month: 11, day: 28) ?? CalendarDate(Date(), in: .gmt)
let search = SearchRequest(
    slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: today.adding(days: 20))], passengers: [.adult])
_ = await WatchPrices(offers: offers, watches: store).add(search, terms: WatchTerms(below: 400), today: today)

let router = WatchesRouter()
let terminal = VirtualTerminal(columns: 80, input: [.line("1"), .line("search")], endsWhenEmpty: true)
let screen = FlightWatchesBuilder(watches: store, offers: offers)
    .build(input: FlightWatchesInput(), router: router, terminal: terminal)
await screen.run()
print(terminal.text)
print("Search again:", router.search.map { "\($0.slices[0].origin) → \($0.slices[0].destination)" } ?? "none")
try? FileManager.default.removeItem(at: folder)
