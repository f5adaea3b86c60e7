import Foundation
import Hummingbird

extension Request {
    /// The whole request body, up to 1 MiB; a body that cannot be read, or is larger, is a 400.
    func collectedBody() async throws(APIFailure) -> Data {
        var request = self
        do {
            let buffer = try await request.collectBody(upTo: SandboxResponder.maximumBodyBytes)
            return Data(buffer.readableBytesView)
        } catch {
            throw APIFailure.badRequest("The request body could not be read, or is larger than 1 MiB.")
        }
    }
}
