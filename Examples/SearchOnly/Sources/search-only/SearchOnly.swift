import Entities
import FlightSearch
import Foundation
import Services
import TerminalUI

/// `search-only`: Flights' search form, and nothing else of Flights, on this terminal or on lines piped in, with this
/// team's own place service. It prints the search the form comes to, as Duffel's JSON on the last line of output.
///
/// ```sh
/// printf 'LHR\nJFK\n+30\n\n\n' | search-only    # from, to, depart, no return, search
/// ```
@main
struct SearchOnly {
    @MainActor
    static func main() async {
        let terminal = SystemTerminal()
        let router = PrintingRouter()
        // The few lines another team writes: the Builder made with its own service, the screen run with its router.
        let screen = FlightSearchBuilder(places: TinyPlaceService()).build(router: router, terminal: terminal)
        await screen.run()
        terminal.close()

        guard let request = router.request else {
            FileHandle.standardError.write(Data("search-only: no search was made\n".utf8))
            exit(1)
        }
        do {
            let json = try DuffelJSON.encoder().encode(request)
            print(String(decoding: json, as: UTF8.self))
        } catch {
            FileHandle.standardError.write(Data("search-only: the search could not be written: \(error)\n".utf8))
            exit(70)
        }
    }
}

/// This team's router: the form's ways out. Data leaves FlightSearch only through it, as Entities values.
@MainActor
final class PrintingRouter: FlightSearchRouter {
    private(set) var request: SearchRequest?

    func searchDidSearch(for request: SearchRequest) {
        // Where Flights' App opens its availability screen, this tool keeps the request to print it.
        self.request = request
    }

    func searchDidGoBack() {}
}
