import Hummingbird
import NIOCore

/// Decides which faults strike a request: the server's plan, with the request's `x-sandbox-fault` header on top,
/// when it applies to the request's method and path. The decision goes in the context for the fault layers
/// inside; a header that cannot be read is noted there, to be refused by ``FaultMiddleware``.
///
/// On the way out it cuts the answer short when the decision says so. That is the last thing done to an answer,
/// after gzip, which is why the decision is made out here.
struct FaultDecisionMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.faults = verdict(for: request)
        let response = try await next(request, context)
        guard context.faultDecision.truncated else { return response }
        return try await FaultDecisionMiddleware.truncated(response, closing: context.channel)
    }

    private func verdict(for request: Request) -> FaultVerdict {
        var plan = faults.plan
        let header = request.headers.first(where: { $0.name.canonicalName == FaultPlan.headerName })?.value
        if let header {
            do {
                plan = plan.overlaid(with: try FaultPlan(parsing: header))
            } catch {
                return .unreadable(error.description)
            }
        }
        guard !plan.isEmpty, plan.applies(method: request.method.rawValue, path: request.uri.path) else {
            return .decided(FaultInjector.Decision())
        }
        return .decided(faults.decide(plan, fromHeader: header != nil))
    }

    /// Promises the whole body, sends half of it, and hangs up: what a proxy dying mid-answer looks like.
    static func truncated(_ response: Response, closing channel: any Channel) async throws -> Response {
        var response = response
        let bytes = try await response.body.collected()
        let total = bytes.readableBytes
        let half = bytes.getSlice(at: bytes.readerIndex, length: total / 2) ?? ByteBuffer()
        response.headers[.contentLength] = String(total)
        response.body = ResponseBody(contentLength: total) { writer in
            try await writer.write(half)
            // Let the half reach the socket before closing it.
            try? await Task.sleep(for: .milliseconds(20))
            try? await channel.close()
            throw InjectedFault.bodyTruncated
        }
        return response
    }
}

/// Faults that end a connection instead of answering.
enum InjectedFault: Error {
    case connectionDropped
    case bodyTruncated
}
