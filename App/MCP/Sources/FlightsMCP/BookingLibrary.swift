import Entities
import Foundation
import MCP

/// The bookings as resources an assistant can read without calling a tool: `flights://bookings`, the list, and
/// `flights://bookings/{reference}`, one booking read again from the API. Both are JSON, shaped as the tools'
/// answers are.
struct BookingLibrary: Sendable {
    static let listURI = "flights://bookings"
    static let templates = [
        Resource.Template(
            uriTemplate: "\(listURI)/{reference}", name: "booking", title: "A booking",
            description: "One booking by its reference, read again from the airline.", mimeType: "application/json"),
    ]

    let toolbox: any FlightsToolbox

    /// The list, and each booking with a reference.
    func resources() async -> [Resource] {
        let list = Resource(
            name: "bookings", uri: Self.listURI, title: "Bookings",
            description: "The bookings made here, newest first.", mimeType: "application/json")
        let records = (try? await toolbox.bookings()) ?? []
        return [list] + records.compactMap { record in
            guard let reference = record.bookingReference else { return nil }
            return Resource(
                name: "booking \(reference)", uri: "\(Self.listURI)/\(reference)", title: "Booking \(reference)",
                description: "\(record.route), \(record.state.rawValue)", mimeType: "application/json")
        }
    }

    /// The resource at `uri`; an unknown address is the protocol's "invalid params".
    func read(_ uri: String) async throws -> Resource.Content {
        let value: Value
        if uri == Self.listURI {
            value = await answer { () async throws(ToolFailure) in
                ["bookings": .array(try await toolbox.bookings().map(ToolResults.record))]
            }
        } else if uri.hasPrefix(Self.listURI + "/"), uri.count <= Self.listURI.count + 21,
                  case let reference = String(uri.dropFirst(Self.listURI.count + 1)).uppercased(),
                  !reference.isEmpty, reference.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            value = await answer { () async throws(ToolFailure) in
                ["booking": ToolResults.booking(try await toolbox.booking(reference: reference))]
            }
        } else {
            throw MCPError.invalidParams("No resource there; the bookings are at \(Self.listURI) and \(Self.listURI)/REFERENCE.")
        }
        return .text(ToolCalls.json(value), uri: uri, mimeType: "application/json")
    }

    /// What `read` gives, or the tool error it failed with.
    private func answer(_ read: () async throws(ToolFailure) -> Value) async -> Value {
        do throws(ToolFailure) {
            return try await read()
        } catch {
            return ToolCalls.failure(error).structuredContent ?? .null
        }
    }
}

/// The prompt that walks an assistant through a trip: search, then one offer, then the booking with its
/// confirmations.
enum TripPrompt {
    static let prompts = [
        Prompt(
            name: "plan_trip", title: "Plan a trip",
            description: "Find flights, compare them, and book one with the traveller's agreement at each step that costs money.",
            arguments: [
                .init(name: "origin", description: "Where from, if known."),
                .init(name: "destination", description: "Where to, if known."),
                .init(name: "dates", description: "When, in the traveller's words."),
            ]),
    ]

    static func get(_ name: String, arguments: [String: String]) throws -> GetPrompt.Result {
        guard name == "plan_trip" else { throw MCPError.invalidParams("Unknown prompt; the prompts: plan_trip.") }
        func given(_ key: String, _ fallback: String) -> String {
            let text = (arguments[key] ?? "").prefix(100).filter { !$0.isNewline }
            return text.isEmpty ? fallback : "\"\(text)\""
        }
        let steps = """
            Help me plan a trip from \(given("origin", "a place I will tell you")) to \
            \(given("destination", "a place I will tell you")), \(given("dates", "on dates I will tell you")).
            1. Use find_places if a place is ambiguous, then search_flights (and search_dates if I am flexible).
            2. Show me a few offers with their totals, times and connections; when I pick one, call get_offer to \
            re-check its price and conditions, and seat_map if I want seats.
            3. Before booking, ask me for each passenger's details and read back the total. Only when I say yes, call \
            book with confirm_total equal to that total. If the answer says the price changed, tell me the new price \
            and ask again.
            4. To pay a hold or cancel, tell me the amount first and wait for my yes.
            """
        return GetPrompt.Result(description: "Plan and book a trip", messages: [.user(.text(text: steps))])
    }
}
