import Foundation
import Hummingbird
import NIOCore

/// The faults that strike before a request is looked at and after it was answered, as ``FaultDecisionMiddleware``
/// decided them: a fault header that cannot be read is refused (400); then the added latency, and a dropped
/// connection, both before authentication; after the answer, the late answer's wait, and a body that stops
/// being JSON.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let decision: FaultInjector.Decision
        switch context.faults {
        case .unreadable(let reason):
            return APIFailure.badRequest(reason).response(requestID: context.requestID)
        case .decided(let decided):
            decision = decided
        }
        if let latency = decision.latency, latency > .zero {
            try await Task.sleep(for: latency)
        }
        if decision.drop {
            context.channel.close(promise: nil)
            throw InjectedFault.connectionDropped
        }
        var response = try await next(request, context)
        if let late = decision.lateAnswer, late > .zero {
            try await Task.sleep(for: late)
        }
        if decision.malformed {
            context.notes.forgetKeptAnswer()
            let body = try await response.body.collected()
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: FaultMiddleware.malformed(Data(body.readableBytesView))))
        }
        return response
    }

    /// A body that starts like the real one and then stops being JSON.
    static func malformed(_ body: Data) -> Data {
        var broken = Data(body.prefix(max(1, body.count / 3)))
        broken.append(contentsOf: Array("\u{1}<html>502 Bad Gateway".utf8))
        return broken
    }
}
