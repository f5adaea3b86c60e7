import MCP

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
