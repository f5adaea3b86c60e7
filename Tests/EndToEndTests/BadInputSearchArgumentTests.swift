import Foundation
import Testing

/// Bad arguments to `flights search` and `flights places`: refused with exit 64 (1 when a lookup finds nothing) and
/// a message naming the option and what it takes, before any search is made.
@Suite struct BadInputSearchArgumentTests {
    static let depart = TravelData.nextMonthISO
    static func search(_ extra: [String]) -> [String] { ["search", "LHR", "JFK", "--depart", depart] + extra }

    static let cases: [BadInputCase] = [
        // Places.
        BadInputCase(name: "an unknown airport code", arguments: ["search", "XQZ", "JFK", "--depart", depart],
                     message: "From: No airport or city matches “XQZ”. Try a city or an airport name"),
        BadInputCase(name: "a place name that matches nothing", arguments: ["search", "LHR", "zzzzqqq", "--depart", depart],
                     message: "To: No airport or city matches “zzzzqqq”"),
        BadInputCase(name: "the same origin and destination", arguments: ["search", "LHR", "LHR", "--depart", depart],
                     message: "The destination must differ from the origin."),
        // Dates.
        BadInputCase(name: "a past date", arguments: ["search", "LHR", "JFK", "--depart", TravelData.lastMonthISO],
                     message: "\(TravelData.lastMonthISO) is in the past; choose today"),
        BadInputCase(name: "a date a year and a day ahead",
                     arguments: ["search", "LHR", "JFK", "--depart", BadDates.pastTheYearAheadISO],
                     message: "is more than a year ahead, and airlines do not sell flights that far ahead yet"),
        BadInputCase(name: "a word for a date", arguments: ["search", "LHR", "JFK", "--depart", "notadate"],
                     message: "Depart: “notadate” is not a date. Type one like 2026-12-18"),
        BadInputCase(name: "the 30th of February", arguments: ["search", "LHR", "JFK", "--depart", BadDates.thirtiethOfFebruary],
                     message: "“\(BadDates.thirtiethOfFebruary)” is not a date: February"),
        BadInputCase(name: "a return before the departure", arguments: search(["--return", BadDates.beforeNextMonthISO]),
                     message: "is before the outbound date"),
        BadInputCase(name: "a word for a return date", arguments: search(["--return", "garbage"]),
                     message: "Return: “garbage” is not a date."),
        BadInputCase(name: "a missing departure date", arguments: ["search", "LHR", "JFK"],
                     message: "Missing expected argument '--depart <depart>'"),
        // Passengers.
        BadInputCase(name: "ten adults", arguments: search(["--adults", "10"]), message: "--adults must be from 1 to 9."),
        BadInputCase(name: "negative adults", arguments: search(["--adults=-1"]), message: "--adults must be from 1 to 9."),
        BadInputCase(name: "a word for adults", arguments: search(["--adults", "abc"]),
                     message: "The value 'abc' is invalid for '--adults <adults>'"),
        BadInputCase(name: "an overflowing number of adults", arguments: search(["--adults", "99999999999999999999"]),
                     message: "is invalid for '--adults <adults>'"),
        BadInputCase(name: "a negative child's age", arguments: search(["--child=-1"]),
                     message: "--child -1 is not a child's age; give an age from 0 to 17"),
        BadInputCase(name: "ten passengers in all", arguments: search(["--adults", "5"] + Array(repeating: ["--child", "5"], count: 5).flatMap { $0 }),
                     message: "At most 9 passengers can book together; split the group into two bookings."),
        // Options.
        BadInputCase(name: "an unknown cabin", arguments: search(["--cabin", "luxury"]),
                     message: "--cabin must be one of: economy, premium_economy, business, first."),
        BadInputCase(name: "an unknown sort", arguments: search(["--sort", "cheapest"]),
                     message: "--sort must be one of: price, duration, departure, arrival, emissions."),
        BadInputCase(name: "a limit of 0", arguments: search(["--limit", "0"]), message: "--limit must be at least 1."),
        BadInputCase(name: "a negative limit", arguments: search(["--limit=-5"]), message: "--limit must be at least 1."),
        BadInputCase(name: "a word for a limit", arguments: search(["--limit", "abc"]), message: "is invalid for '--limit <limit>'"),
        BadInputCase(name: "negative connections", arguments: search(["--max-connections=-1"]),
                     message: "--max-connections must be 0, 1 or 2."),
        BadInputCase(name: "a time past midnight", arguments: search(["--depart-between", "25:00-26:00"]),
                     message: "“25:00” is not a time of day; use 00:00 to 23:59."),
        BadInputCase(name: "a window that ends before it starts", arguments: search(["--depart-between", "17:00-09:00"]),
                     message: "ends before it starts"),
        BadInputCase(name: "a word for a window", arguments: search(["--depart-between", "soon"]),
                     message: "“soon” is not a time window. Type one like 09:00-17:00"),
        BadInputCase(name: "an unknown option", arguments: search(["--bogus"]), message: "Unknown option '--bogus'"),
        // Control characters and length.
        BadInputCase(name: "a title-setting sequence for a place",
                     arguments: ["search", "\u{1B}]0;pwned\u{07}", "JFK", "--depart", depart],
                     message: "No airport or city matches “^[]0;pwned^G”"),
        BadInputCase(name: "a screen-clearing sequence in a date", arguments: ["search", "LHR", "JFK", "--depart", "2026\u{1B}[2J"],
                     message: "“2026^[[2J” is not a date."),
        BadInputCase(name: "an 8-bit CSI for a sort", arguments: search(["--sort", "\u{9B}31m"]), message: "--sort must be one of"),
        BadInputCase(name: "an escape in an option name", arguments: search(["--bogus\u{1B}[2J"]), message: "Unknown option"),
        BadInputCase(name: "a 5000-byte place", arguments: ["search", String(repeating: "A", count: 5_000), "JFK", "--depart", depart],
                     message: "an argument of 5000 bytes"),
        // Places lookups.
        BadInputCase(name: "places for an empty text", arguments: ["places", ""],
                     message: "Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."),
        BadInputCase(name: "places without a text", arguments: ["places"], message: "Missing expected argument '<text> ...'"),
        BadInputCase(name: "places for a colour sequence", arguments: ["places", "lon\u{1B}[31m"], status: 1,
                     message: "No airport or city matches “lon^[[31m”"),
        BadInputCase(name: "places for a right-to-left override", arguments: ["places", "\u{202E}nodnol"], status: 1,
                     message: "No airport or city matches “<U+202E>nodnol”"),
    ]

    @Test(arguments: cases)
    func refusedWithAMessage(_ test: BadInputCase) async throws {
        try await test.check()
    }
}
