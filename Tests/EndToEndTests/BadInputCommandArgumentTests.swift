import Foundation
import Testing

/// Bad arguments to `book`, `bookings`, `booking`, `cancel` and `pay`, bad `--api` addresses and bad settings in the
/// environment: each refused with its exit code and a message that says what to do, nothing booked.
@Suite struct BadInputCommandArgumentTests {
    static let passengers = BadInputCase.validPassengers
    static let notAReference = "There is no booking"

    static let cases: [BadInputCase] = [
        // book
        BadInputCase(name: "book an unknown offer", arguments: ["book", "off_bogus", "--passengers", passengers, "--yes"],
                     status: 69, message: "The offer off_bogus is no longer available: No offer has the id off_bogus. Search again"),
        BadInputCase(name: "book an empty offer id", arguments: ["book", "", "--passengers", passengers, "--yes"],
                     message: "offer", absent: ["offer_request_id", "highlighted field"]),
        BadInputCase(name: "book an offer id with an escape sequence",
                     arguments: ["book", "off_\u{1B}[2Jx", "--passengers", passengers, "--yes"], status: 69,
                     message: "The offer off_^[[2Jx is no longer available"),
        BadInputCase(name: "book without a passengers file", arguments: ["book", "off_x", "--yes"],
                     message: "Missing expected argument '--passengers <file>'"),
        BadInputCase(name: "book with a word for a total",
                     arguments: ["book", "off_x", "--passengers", passengers, "--yes", "--total", "abc"],
                     message: "--total is an amount such as 412.50."),
        BadInputCase(name: "book with a negative total",
                     arguments: ["book", "off_x", "--passengers", passengers, "--yes", "--total=-5"],
                     message: "--total is an amount such as 412.50."),
        BadInputCase(name: "book with a passengers path that is too long",
                     arguments: ["book", "off_x", "--passengers", "/" + String(repeating: "p", count: 5_000), "--yes"],
                     message: "an argument of 5001 bytes"),
        // bookings
        BadInputCase(name: "bookings with an argument", arguments: ["bookings", "extra"], message: "Unexpected argument 'extra'"),
        BadInputCase(name: "bookings with an unknown option", arguments: ["bookings", "--limit", "3"],
                     message: "Unknown option '--limit'"),
        // booking, cancel, pay
        BadInputCase(name: "booking an unknown reference", arguments: ["booking", "ZZZZZZ"], status: 1,
                     message: "There is no booking ZZZZZZ on this machine or at the flight service. Check the reference"),
        BadInputCase(name: "booking an empty reference", arguments: ["booking", ""], message: "reference"),
        BadInputCase(name: "booking a reference with a colour sequence", arguments: ["booking", "AB\u{1B}[31mC"], status: 1,
                     message: "There is no booking AB^[[31MC"),
        BadInputCase(name: "booking a 4000-character reference", arguments: ["booking", String(repeating: "Q", count: 4_000)],
                     message: "reference", absent: [String(repeating: "Q", count: 100)]),
        BadInputCase(name: "booking without a reference", arguments: ["booking"], message: "Missing expected argument '<reference>'"),
        BadInputCase(name: "cancel an unknown reference", arguments: ["cancel", "ZZZZZZ", "--yes"], status: 1,
                     message: "There is no booking ZZZZZZ"),
        BadInputCase(name: "cancel without a reference", arguments: ["cancel"], message: "Missing expected argument '<reference>'"),
        BadInputCase(name: "cancel a title-setting reference", arguments: ["cancel", "\u{1B}]0;x\u{07}", "--yes"], status: 1,
                     message: "There is no booking ^[]0;X^G"),
        BadInputCase(name: "cancel with a negative refund", arguments: ["cancel", "ZZZZZZ", "--yes", "--refund=-5"],
                     message: "--refund is the refund agreed to, such as 372.50, or 0 when nothing comes back."),
        BadInputCase(name: "pay an unknown reference", arguments: ["pay", "ZZZZZZ", "--yes"], status: 1, message: notAReference),
        BadInputCase(name: "pay with a word for a total", arguments: ["pay", "ZZZZZZ", "--total", "abc"],
                     message: "--total is an amount such as 412.50."),
        BadInputCase(name: "pay an empty reference", arguments: ["pay", "", "--yes"], message: "reference"),
        // --api
        BadInputCase(name: "an ftp API", arguments: ["places", "lon", "--api", "ftp://api.example"],
                     message: "\"ftp://api.example\" is not an http(s) address. Give the API's root, like https://api.duffel.com."),
        BadInputCase(name: "an API that is not an address", arguments: ["places", "lon", "--api", "not a url"],
                     message: "\"not a url\" is not an http(s) address."),
        BadInputCase(name: "an API without a host", arguments: ["places", "lon", "--api", "https://"],
                     message: "\"https://\" is not an http(s) address."),
        BadInputCase(name: "a relative API path", arguments: ["places", "lon", "--api", "/relative/path"],
                     message: "\"/relative/path\" is not an http(s) address."),
        BadInputCase(name: "an API without a token", arguments: ["places", "lon", "--api", "https://api.example"],
                     message: "https://api.example needs an access token: set DUFFEL_ACCESS_TOKEN"),
        BadInputCase(name: "an API with an escape sequence", arguments: ["places", "lon", "--api", "https://api.example/\u{1B}[2J"],
                     message: "needs an access token"),
        BadInputCase(name: "an API on port 99999", arguments: ["places", "lon", "--api", "https://api.example:99999"],
                     environment: ["DUFFEL_ACCESS_TOKEN": "duffel_test_x"],
                     message: "\"https://api.example:99999\" names port 99999; a port is a number from 1 to 65535",
                     absent: ["needs a scheme and a host"]),
        BadInputCase(name: "an API on port 0", arguments: ["places", "lon", "--api", "https://api.example:0"],
                     environment: ["DUFFEL_ACCESS_TOKEN": "duffel_test_x"], message: "names port 0"),
        // The environment
        BadInputCase(name: "a negative request timeout", arguments: ["places", "lon"],
                     environment: ["FLIGHTS_REQUEST_TIMEOUT": "-1"],
                     message: "FLIGHTS_REQUEST_TIMEOUT is \"-1\"; it must be a number of seconds from 0.1 to 3600, like 30."),
        BadInputCase(name: "a zero request timeout", arguments: ["places", "lon"], environment: ["FLIGHTS_REQUEST_TIMEOUT": "0"],
                     message: "it must be a number of seconds from 0.1 to 3600"),
        BadInputCase(name: "a huge request timeout", arguments: ["places", "lon"], environment: ["FLIGHTS_REQUEST_TIMEOUT": "1e9"],
                     message: "it must be a number of seconds from 0.1 to 3600"),
        BadInputCase(name: "a request timeout of nan", arguments: ["places", "lon"], environment: ["FLIGHTS_REQUEST_TIMEOUT": "nan"],
                     message: "it must be a number of seconds from 0.1 to 3600"),
        BadInputCase(name: "a request timeout with an escape sequence", arguments: ["places", "lon"],
                     environment: ["FLIGHTS_REQUEST_TIMEOUT": "5\u{1B}[2J"], message: "it must be a number of seconds"),
        BadInputCase(name: "an API address in the environment that is not one", arguments: ["places", "lon"],
                     environment: ["FLIGHTS_API_URL": "garbage"], message: "\"garbage\" is not an http(s) address."),
        BadInputCase(name: "a recording in a missing folder", arguments: ["places", "lon"],
                     environment: ["FLIGHTS_RECORD": "/nonexistent/dir/x.jsonl"],
                     message: "The session cannot be recorded to \"/nonexistent/dir/x.jsonl\": No such file or directory. Choose a writable path."),
        BadInputCase(name: "--record in a missing folder", arguments: ["places", "lon", "--record", "/nonexistent/dir/x.jsonl"],
                     message: "The session cannot be recorded to \"/nonexistent/dir/x.jsonl\""),
        BadInputCase(name: "unreadable sandbox faults", arguments: ["places", "lon"], environment: ["FLIGHTS_SANDBOX_FAULTS": "bogus"],
                     status: 69, message: "The fault specification \"bogus\" could not be read"),
    ]

    @Test(arguments: cases)
    func refusedWithAMessage(_ test: BadInputCase) async throws {
        try await test.check()
    }
}
