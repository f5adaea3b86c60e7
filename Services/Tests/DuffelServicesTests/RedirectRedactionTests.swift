import CurlHTTP
@testable import DuffelServices
import Services
import Testing

/// A redirect's address is the server's text: our token is blanked out of it, and it is cut to a sentence's length.
@Suite struct RedirectRedactionTests {
    @Test func aRedirectAddressQuotingTheTokenIsBlankedAndCut() throws {
        let redaction = try #require(TokenRedaction(token: "duffel_test_SECRET", shownAs: "duffel_test_…"))
        let target = "https://elsewhere.example/steal?token=duffel_test_SECRET&pad=" + String(repeating: "x", count: 1_000)
        let error = redaction.apply(to: HTTPClientError.redirectRefused(method: "POST", status: 307, to: target))
        guard case .redirectRefused(let method, let status, let shown) = error else {
            Issue.record("expected the redirect kept, got \(error)")
            return
        }
        #expect(method == "POST" && status == 307)
        #expect(!shown.contains("SECRET"), "\(shown)")
        #expect(shown.hasPrefix("https://elsewhere.example/steal?token=duffel_test_…&pad="), "\(shown)")
        #expect(shown.count == 301 && shown.hasSuffix("…"), "\(shown.count)")
    }

    @Test(arguments: [(307, false), (308, false), (303, true), (302, true), (301, true)])
    func onlyA307Or308SaysTheServerDidNotAct(status: Int, mayHaveActed: Bool) {
        let error = ServiceError.redirected(method: "POST", status: status, to: "https://elsewhere.example/air/orders")
        #expect(error.mayHaveTakenEffect == mayHaveActed)
        #expect(!error.isRetryable)
        #expect(error.message.contains("nothing was sent there"))
    }
}
