import HTTPTypes
import Hummingbird

/// Reports how long the parts of the work took, in a `server-timing` header (`generate;dur=12.345, encode;dur=…,
/// gzip;dur=…`), for benchmarks. The endpoint and ``GzipMiddleware`` record the parts in the context's notes; an
/// answer with none recorded gets no header.
struct ServerTimingMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        let timings = context.notes.timings
        guard !timings.isEmpty, let name = HTTPField.Name("server-timing") else { return response }
        let value = timings.map { name, duration in "\(name);dur=\(ServerTiming.milliseconds(duration))" }
            .joined(separator: ", ")
        // Ahead of content-length, where the answer's own headers end.
        let position = response.headers.firstIndex { $0.name == .contentLength } ?? response.headers.endIndex
        response.headers.insert(HTTPField(name: name, value: value), at: position)
        return response
    }
}
