import ArgumentParser
import FlightsMCP
import Foundation
import LocalStore
import Logging

/// `flights mcp`: the trip as tools for AI assistants (the Model Context Protocol over standard input and output).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the trip as tools for AI assistants (Model Context Protocol, over stdin and stdout).",
        discussion: """
        An assistant launches it and talks JSON-RPC on its standard input and output; logs go to standard error \
        (FLIGHTS_LOG_LEVEL=info for more). Tools: find_places, search_flights, search_dates, get_offer, seat_map, \
        book, list_bookings, get_booking, pay, cancel, change_booking. Money moves only at the amount the traveller \
        agreed to (confirm_total, confirm_refund), a repeated book never books twice, and a cancellation or change \
        is confirmed with its quote's token, once. A call with a progressToken hears notifications/progress; a \
        cancelled search stops, while a booking or payment under way is finished. It runs on the embedded sandbox \
        unless --api (or FLIGHTS_API_URL) and DUFFEL_ACCESS_TOKEN name a Duffel-v2 API. Bookings are kept with \
        those of the other commands.
        """)

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if backend.record != nil {
            throw ValidationError("--record records screens; `flights mcp` has none. Leave it out.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        await MainActor.run { AppRuntime.bootstrapLogging(default: .warning) }
        let logger = Logger(label: "flights.mcp")
        let started: Backend
        do {
            let choice = try BackendChoice.resolve(apiFlag: backend.api, environment: environment)
            if let warning = choice.warning { logger.warning("\(warning)") }
            started = try await Backend.start(choice, environment: environment, logger: Logger(label: "flights"))
        } catch {
            FileHandle.standardError.write(Data("flights mcp: \(error)\n".utf8))
            throw ExitCode(FlowOutcome.backendError("").exitCode)
        }
        logger.info("serving on stdio", metadata: ["backend": "\(started.description)"])
        let toolbox = TripToolbox(
            backend: started.services, bookings: FileBookingStore.standard(environment: environment),
            watches: SQLiteWatchStore.standard(environment: environment))
        let server = FlightsMCPServer(toolbox: toolbox, version: FlightsVersion.current, backend: started.description)
        do {
            try await server.run()
        } catch {
            logger.error("the protocol stopped: \(error)")
        }
        await started.stop()
    }
}
