import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText

/// What must happen outside the seats rules.
typealias FlightSeatsEffect = ScreenEffect<FlightSeatsWork, FlightSeatsRoute>

/// The seats screen's work: reading the offer (when only its id is given) and its seat maps.
enum FlightSeatsWork: ScreenWork {
    case loadOffer(id: String)
    case loadMaps(offerID: String)

    /// A newer read of the same kind replaces the one under way.
    var id: String {
        switch self {
        case .loadOffer: "offer"
        case .loadMaps: "maps"
        }
    }

    /// Does the work with `extras` and returns its answer.
    func perform(with extras: any ExtrasService) async -> FlightSeatsAction {
        switch self {
        case .loadOffer(let id):
            .offerLoaded(await Outcome { () async throws(ServiceError) in try await extras.offerWithServices(id: id) })
        case .loadMaps(let offerID):
            .mapsLoaded(await Outcome { () async throws(ServiceError) in try await extras.seatMaps(offerID: offerID) })
        }
    }
}

/// The ways out, as data.
enum FlightSeatsRoute: Encodable, Sendable, Equatable {
    case chosen([SeatChoice])
    case back
}

/// What the seats screen shows and asks, and what a key or a line means: pure functions of the state.
extension FlightSeatsReducer: ScreenFeature {
    typealias Work = FlightSeatsWork
    typealias Route = FlightSeatsRoute


    static func screen(_ state: FlightSeatsState) -> ScreenModel {
        switch state.phase {
        case .loading, .done:
            return ScreenModel()
        case .choosing, .review, .unavailable, .failed:
            return ScreenModel(
                page: page(FlightSeatsViewModel(state)), layout: .whole,
                question: .keys(FlightSeatsViewModel.prompt(state)))
        }
    }

    static func action(for input: ScreenInput, in state: FlightSeatsState) -> FlightSeatsAction? {
        switch input {
        case .key(.up): .key(.up)
        case .key(.down): .key(.down)
        case .key(.left): .key(.left)
        case .key(.right): .key(.right)
        case .key(.enter): .key(.enter)
        case .key(.backspace), .key(.delete): .key(.backspace)
        case .key(.character(" ")): .key(.space)
        case .key(.character(let character)): .key(.character(String(character)))
        case .key: nil
        case .line(let line): .entered(line)
        case .chose: nil
        case .back: .back
        case .interrupted: .interrupted
        case .ended: .inputEnded
        }
    }

    /// The screen: the flight's map, whose turn it is, what is chosen, the last notice and the keys.
    static func page(_ viewModel: FlightSeatsViewModel) -> [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header(viewModel.title)]
        if let grid = viewModel.grid { blocks += [.text(grid.title, indent: 2), .drawing(grid.drawing(indent: 2))] }
        if !viewModel.legend.isEmpty { blocks.append(legend(viewModel.legend, columns: viewModel.columns)) }
        if !viewModel.extraCost.isEmpty { blocks.append(extraCost(viewModel.extraCost, columns: viewModel.columns)) }
        blocks += viewModel.lines.map { .text($0, indent: 2) }
        if !viewModel.chosen.isEmpty {
            blocks.append(.header("Chosen"))
            blocks += viewModel.chosen.map { .text($0, indent: 2) }
        }
        switch viewModel.notice {
        case .info(let text)?: blocks.append(.notice(Notice(.info, text)))
        case .problem(let text)?: blocks.append(.notice(Notice(.warning, text)))
        case nil: break
        }
        blocks += viewModel.keys.map { .text($0, indent: 2) }
        return blocks
    }

    private static func legend(_ entries: [SeatGridLegend.Entry], columns: Int) -> ScreenBlock {
        SeatMapsText.legend(entries, width: columns)
    }

    private static func extraCost(_ groups: [String], columns: Int) -> ScreenBlock {
        SeatMapsText.extraCost(groups, width: columns)
    }
}
