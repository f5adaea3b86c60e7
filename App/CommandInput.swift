import ArgumentParser
import Entities
import FlightAvailability
import FlightBookings
import FlightSearch
import FlightSummary
import Foundation
import TerminalUI

// What the commands share in reading their arguments and files.

/// The amount of a `--total` option (`412.50`; with `moneyBack`, a change's total, also `0` or `-12.40`), or `nil`
/// when none was given.
func agreedTotal(_ text: String?, moneyBack: Bool = false) throws -> Decimal? {
    guard let text else { return nil }
    // A change's total may be nothing, or money back (`--total=-12.40`); a price to pay is more than nothing.
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let negative = moneyBack && trimmed.hasPrefix("-")
    guard let money = Money(negative ? String(trimmed.dropFirst()) : trimmed, currency: "XXX"),
          moneyBack ? money.amount >= 0 : money.amount > 0 else {
        throw ValidationError(moneyBack
            ? "--total is an amount such as 55.00, or --total=-12.40 when money comes back."
            : "--total is an amount such as 412.50.")
    }
    return negative ? -money.amount : money.amount
}

/// The amount of a `--refund` option (`372.50`, or `0` when nothing comes back), or `nil` when none was given.
func agreedRefund(_ text: String?) throws -> Decimal? {
    guard let text else { return nil }
    guard let money = Money(text.trimmingCharacters(in: .whitespaces), currency: "XXX"), money.amount >= 0 else {
        throw ValidationError("--refund is the refund agreed to, such as 372.50, or 0 when nothing comes back.")
    }
    return money.amount
}

/// Refuses what cannot be a booking reference (empty, or longer than any airline's) before anything is looked up.
func checkReference(_ reference: String) throws {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 32 else {
        throw ValidationError("A booking reference is 1 to 32 letters and digits, like RZPVYB (see `flights bookings`).")
    }
}

/// Says why a command cannot go on, on standard error, and gives the exit code for bad input. Problems found
/// inside `run()` are not usage errors, so ArgumentParser's usage text would only bury the message.
func badInput(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("flights: \(UntrustedText.visible(message))\n".utf8))
    return ExitCode(FlowOutcome.badInput.exitCode)
}

extension DecodingError {
    /// Where and why, without the file's contents.
    var readable: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            // In the file's terms ("a list"), never Swift's ("Array<Any>").
            let path = Self.path(context.codingPath)
            return "\(path.isEmpty ? "the file" : path) should be \(Self.kind(of: type))"
        case .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    /// What a JSON value of `type` is called in a file: a list, an object, text, a number.
    private static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "a list ([…])" }
        if name.hasPrefix("Dictionary") { return "an object ({…}) with named fields" }
        if name == "String" { return "text in quotes" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "Decimal", "Float"].contains(where: name.hasPrefix) { return "a number" }
        return "another kind of value"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
