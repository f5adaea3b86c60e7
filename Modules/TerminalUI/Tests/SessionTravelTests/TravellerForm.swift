import Foundation
import ModuleCore
import TerminalUI

/// A small module to record and travel through: a name and an email typed on a form, then a seat chosen from a list
/// drawn as a whole page.
struct FormState: Codable, Equatable, Sendable {
    var name = ""
    var email = ""
    var seat: String?
    var field = Field.name
    var shouts = false

    enum Field: String, Codable, Sendable {
        case name, email, seat, done
    }
}

enum FormAction: Codable, Sendable, Equatable {
    case appeared
    case typed(String)
    case chose(Int)
}

struct NoWork: ScreenWork {
    var id: Int { 0 }
}

enum TravellerForm: ScreenFeature {
    typealias Work = NoWork
    typealias Route = String
    static let module = "TravellerForm"
    static let seats = ["12A window", "12B middle", "12C aisle"]

    static func reduce(_ state: inout FormState, _ action: FormAction) -> [Effect] {
        switch action {
        case .appeared:
            return []
        case .typed(let text) where state.field == .name:
            state.name = text
            state.field = .email
            return [.print([.text("Name: \(text)")])]
        case .typed(let text):
            state.email = text
            state.field = .seat
            return [.note(.message(Notice(.success, state.shouts ? "EMAIL KEPT" : "Email kept")))]
        case .chose(let index):
            state.seat = seats[index]
            state.field = .done
            return [.leave("booked")]
        }
    }

    static func redacted(_ action: FormAction, in state: FormState) -> FormAction {
        guard case .typed = action else { return action }
        return .typed(state.field == .name ? Redaction.name : Redaction.email)
    }

    static func screen(_ state: FormState) -> ScreenModel {
        switch state.field {
        case .name: ScreenModel(page: [.header("Traveller")], question: .line("Name:"))
        case .email: ScreenModel(page: [.header("Traveller")], question: .line("Email:"))
        case .seat:
            ScreenModel(page: [.header("Seats"), .text("Choose where to sit.")], layout: .whole, question: .choice("Seat", seats))
        case .done: ScreenModel(page: [.header("Seats"), .text("Seat \(state.seat ?? "?") kept.")], layout: .whole)
        }
    }

    static func action(for input: ScreenInput, in state: FormState) -> FormAction? {
        switch input {
        case .line(let text): .typed(text)
        case .chose(let index): .chose(index)
        default: nil
        }
    }
}

/// The same form after a change: the email's note shouts.
enum ShoutingForm: ScreenFeature {
    typealias Work = NoWork
    typealias Route = String
    static let module = "TravellerForm"

    static func reduce(_ state: inout FormState, _ action: FormAction) -> [TravellerForm.Effect] {
        state.shouts = true
        return TravellerForm.reduce(&state, action)
    }

    static func screen(_ state: FormState) -> ScreenModel { TravellerForm.screen(state) }
    static func action(for input: ScreenInput, in state: FormState) -> FormAction? {
        TravellerForm.action(for: input, in: state)
    }
}

/// A recording of the form filled in (Ada, her email, the aisle), each step 1.5 seconds after the one before.
@MainActor
enum FormRecording {
    static func make() async -> String {
        var written = Data()
        var ticks = 0
        let recorder = SessionRecorder(write: { written.append($0) }, elapsed: {
            ticks += 1
            return .milliseconds(1_500 * ticks)
        })
        let terminal = VirtualTerminal(columns: 60, input: [.line("Ada Lovelace"), .line("ada@example.com"), .line("3")])
        let runner = ScreenRunner<TravellerForm>(
            state: FormState(), terminal: terminal, recorder: recorder, appearing: { .appeared },
            perform: { _ in nil }, leave: { _ in nil })
        await runner.run()
        return String(decoding: written, as: UTF8.self)
    }
}
