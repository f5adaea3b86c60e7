import Entities
import Foundation
import ModuleCore
import TerminalUI
import TravelText
import Trips

/// What the FlightWatches screen shows and asks, and what an input means: pure functions of the state. The list is
/// TravelText's watches table (as `flights watches` prints it) to choose from; a watch in full is its chart and checks
/// (as `flights watch show` prints them) with its keys.
extension FlightWatchesReducer: ScreenFeature {
    typealias Work = FlightWatchesWork
    typealias Route = FlightWatchesRoute

    static func screen(_ state: FlightWatchesState) -> ScreenModel {
        guard !state.isDone, state.busy == nil || state.watches != nil else { return ScreenModel() }
        let back = state.isInteractive ? "Esc back" : "Type back to leave:"
        guard let watches = state.watches else {
            let problem = state.failure ?? "The watches could not be read."
            return ScreenModel(
                page: [.header("Price watches"), .notice(Notice(.error, problem))], layout: .whole, question: .keys(back))
        }
        let said: [ScreenBlock] = state.said.map { [.blank, .notice($0)] } ?? []
        if let watch = state.openedWatch {
            let timeZone = TimeZone(identifier: state.timeZone) ?? .current
            return ScreenModel(
                page: WatchText.detail(watch, width: state.columns, timeZone: timeZone) + said, layout: .whole,
                question: state.busy != nil ? nil : watchQuestion(state, watch))
        }
        guard !watches.isEmpty else {
            return ScreenModel(
                page: [
                    .header("Price watches"),
                    .text("No watches yet. Press w on a search's offers to watch its price, or run "
                        + "`flights watch LHR JFK --depart 18 dec --below 400`."),
                ] + said,
                layout: .whole, question: state.busy != nil ? nil : .keys(back))
        }
        let under = watches.filter(\.isUnderPrice).count
        var page: [ScreenBlock] = [.header("Price watches", detail: "\(watches.count) watch\(watches.count == 1 ? "" : "es")")]
        page.append(.hint(state.isInteractive
            ? "↑↓ Enter: a watch's history, to check it now, search it again or remove it · Esc back"
            : "Type a watch's number for its history (to check it, search it again or remove it), or back."))
        if under > 0 { page.append(.hint("↓ under the watch's price.")) }
        page += said
        return ScreenModel(
            page: page, layout: .whole,
            question: state.busy != nil ? nil
                : .table("Your watches", WatchText.table(watches), selected: state.highlight))
    }

    /// What a watch in full asks: its keys, or whether to remove it.
    static func watchQuestion(_ state: FlightWatchesState, _ watch: WatchSummary) -> ScreenQuestion {
        if state.confirmingRemoval != nil {
            let checks = TravelFormat.count(watch.history.count, "check")
            return state.isInteractive
                ? .keys("Remove watch \(watch.watch.id) and its \(checks)? y yes · n no", commits: true)
                : .keys("Remove watch \(watch.watch.id) and its \(checks)? Type yes or no:", commits: true)
        }
        return state.isInteractive
            ? .keys("s search it again · c check now · x remove · Esc back to the list")
            : .keys("Type search, check, remove or back:")
    }

    static func action(for input: ScreenInput, in state: FlightWatchesState) -> FlightWatchesAction? {
        switch input {
        case .chose(let index): return .chose(index)
        case .back: return .back
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        case .key(let key):
            guard case .character(let character) = key else { return nil }
            return command(String(character), in: state)
        case .line(let line):
            return command(line.trimmingCharacters(in: .whitespaces).lowercased(), in: state)
        }
    }

    /// A key or a typed word, by what the screen shows.
    static func command(_ word: String, in state: FlightWatchesState) -> FlightWatchesAction? {
        if state.confirmingRemoval != nil {
            switch word.lowercased() {
            case "y", "yes": return .removeAnswered(true)
            case "n", "no": return .removeAnswered(false)
            default: return nil
            }
        }
        if ["b", "back"].contains(word) { return .back }
        guard state.opened != nil else { return nil }
        switch word {
        case "s", "search": return .searchTapped
        case "c", "check": return .checkTapped
        case "x", "remove": return .removeTapped
        default: return nil
        }
    }
}
