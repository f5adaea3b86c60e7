import MCP

@testable import FlightsMCP

/// A connected client, and the server behind it on `toolbox`, in memory.
func connect(_ toolbox: FakeToolbox) async throws -> (Client, Server) {
    let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
    let server = try await FlightsMCPServer(toolbox: toolbox, version: "0.0.0", backend: "a test").serve(on: serverSide)
    let client = Client(name: "test", version: "1")
    _ = try await client.connect(transport: clientSide)
    return (client, server)
}

/// The answer to calling `name` with `arguments`; `token` asks for progress reports.
func call(
    _ client: Client, _ name: String, _ arguments: [String: Value], token: ProgressToken? = nil
) async throws -> CallTool.Result {
    try await send(client, name, arguments, token: token).value
}

/// The call to `name` sent, its answer still to come (or to be cancelled).
func send(
    _ client: Client, _ name: String, _ arguments: [String: Value], token: ProgressToken? = nil
) async throws -> RequestContext<CallTool.Result> {
    try await client.callTool(name: name, arguments: arguments, meta: token.map { Metadata(progressToken: $0) })
}

/// The progress reports the client hears, in order.
func progressReports(of client: Client) async -> AsyncStream<ProgressNotification.Parameters> {
    let (reports, heard) = AsyncStream<ProgressNotification.Parameters>.makeStream()
    await client.onNotification(ProgressNotification.self) { heard.yield($0.params) }
    return reports
}
