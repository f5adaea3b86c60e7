import Foundation
import Testing

@testable import CurlHTTP

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(1), maxHonouredWait: .seconds(30))
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func fullJitterSpansZeroToTheExponentialCeiling() {
        // Ceilings double from the base: 100, 200, 400, 800 ms, then the 1 s cap.
        let expected: [Duration] = [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)]
        for (index, ceiling) in expected.enumerated() {
            let attempt = index + 1
            #expect(policy.delay(afterAttempt: attempt, headers: nil, now: now, unitRandom: 1) == ceiling)
            #expect(policy.delay(afterAttempt: attempt, headers: nil, now: now, unitRandom: 0) == .zero)
            #expect(policy.delay(afterAttempt: attempt, headers: nil, now: now, unitRandom: 0.5) == ceiling / 2)
        }
        let capped = RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(capped.delay(afterAttempt: 6, headers: nil, now: now, unitRandom: 1) == .seconds(1))
        #expect(capped.delay(afterAttempt: 9, headers: nil, now: now, unitRandom: 1) == .seconds(1))
    }

    @Test func noDelayOnceAttemptsAreUsedUp() {
        #expect(policy.delay(afterAttempt: 5, headers: nil, now: now, unitRandom: 1) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, headers: nil, now: now, unitRandom: 1) == nil)
    }

    @Test func outOfRangeRandomIsClamped() {
        #expect(policy.delay(afterAttempt: 1, headers: nil, now: now, unitRandom: 7) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 1, headers: nil, now: now, unitRandom: -1) == .zero)
        #expect(policy.delay(afterAttempt: 1, headers: nil, now: now, unitRandom: .nan) == .zero)
    }

    @Test func retryAfterSecondsReplacesBackoff() {
        let headers: HTTPHeaders = ["Retry-After": "7"]
        #expect(policy.delay(afterAttempt: 1, headers: headers, now: now, unitRandom: 0) == .seconds(7))
    }

    @Test func retryAfterHTTPDateIsMeasuredFromNow() throws {
        let later = now.addingTimeInterval(12)
        let headers: HTTPHeaders = ["Retry-After": imfFixdate(later)]
        #expect(policy.delay(afterAttempt: 1, headers: headers, now: now, unitRandom: 0.3) == .seconds(12))
        let past: HTTPHeaders = ["Retry-After": imfFixdate(now.addingTimeInterval(-60))]
        #expect(policy.delay(afterAttempt: 1, headers: past, now: now, unitRandom: 0.3) == .zero)
    }

    @Test func waitLongerThanHonouredMeansNoRetry() {
        #expect(policy.delay(afterAttempt: 1, headers: ["Retry-After": "31"], now: now, unitRandom: 1) == nil)
        #expect(policy.delay(afterAttempt: 1, headers: ["Retry-After": "30"], now: now, unitRandom: 1) == .seconds(30))
        let huge: HTTPHeaders = ["Retry-After": "99999999999999999999999"]
        #expect(policy.delay(afterAttempt: 1, headers: huge, now: now, unitRandom: 1) == nil)
    }

    @Test func rateLimitResetInSecondsDateOrISO8601() {
        #expect(policy.delay(afterAttempt: 1, headers: ["ratelimit-reset": "4"], now: now, unitRandom: 1) == .seconds(4))
        let date: HTTPHeaders = ["RateLimit-Reset": imfFixdate(now.addingTimeInterval(9))]
        #expect(policy.delay(afterAttempt: 1, headers: date, now: now, unitRandom: 1) == .seconds(9))
        // 2023-11-14T22:13:20Z is `now`; five seconds later, written with a +01:00 offset.
        let iso: HTTPHeaders = ["ratelimit-reset": "2023-11-14T23:13:25+01:00"]
        #expect(policy.delay(afterAttempt: 1, headers: iso, now: now, unitRandom: 1) == .seconds(5))
        let tooLate: HTTPHeaders = ["ratelimit-reset": "2023-11-14T22:14:20Z"]
        #expect(policy.delay(afterAttempt: 1, headers: tooLate, now: now, unitRandom: 1) == nil)
    }

    @Test func aServerThatIsDownIsRetriedByRetryAfterNotByTheRateWindow() {
        // Every answer carries `ratelimit-reset` about a minute ahead; for a 503 that is not when the server is back.
        let unavailable: HTTPHeaders = ["ratelimit-reset": "60"]
        #expect(policy.delay(afterAttempt: 1, headers: unavailable, now: now, unitRandom: 1, rateLimited: false) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 1, headers: unavailable, now: now, unitRandom: 1, rateLimited: true) == nil)
        let withRetryAfter: HTTPHeaders = ["ratelimit-reset": "60", "Retry-After": "3"]
        #expect(policy.delay(afterAttempt: 1, headers: withRetryAfter, now: now, unitRandom: 1, rateLimited: false) == .seconds(3))
        #expect(policy.delay(afterAttempt: 1, headers: ["Retry-After": "90"], now: now, unitRandom: 1, rateLimited: false) == nil)
    }

    @Test func retryAfterWinsOverRateLimitReset() {
        let headers: HTTPHeaders = ["ratelimit-reset": "20", "Retry-After": "2"]
        #expect(policy.delay(afterAttempt: 1, headers: headers, now: now, unitRandom: 1) == .seconds(2))
    }

    @Test func unparsableHeadersFallBackToBackoff() {
        for value in ["soon", "-5", "1.5", "", "Tue, 99 Foo 2023 00:00:00 GMT"] {
            let headers: HTTPHeaders = ["Retry-After": value, "ratelimit-reset": value]
            #expect(policy.delay(afterAttempt: 2, headers: headers, now: now, unitRandom: 1) == .milliseconds(200), "\(value)")
        }
    }

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777.0),
        ("Sun Nov  6 08:49:37 1994", 784_111_777.0),
        ("Thu, 29 Feb 2024 23:59:59 GMT", 1_709_251_199.0),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0.0),
    ])
    func httpDateForms(text: String, epoch: Double) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == epoch)
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "06 Nov 1994 08:49:37 GMT", "", "Sun, 06 Nov 1994 8:49:37 GMT",
    ])
    func invalidHTTPDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test(arguments: [
        ("2023-11-14T22:13:20Z", 1_700_000_000.0),
        ("2023-11-14T22:13:20.5Z", 1_700_000_000.5),
        ("2023-11-14t22:13:20z", 1_700_000_000.0),
        ("2023-11-14T17:13:20-05:00", 1_700_000_000.0),
        ("2023-11-15T00:13:20+0200", 1_700_000_000.0),
        ("2023-11-14 22:13:20+00", 1_700_000_000.0),
    ])
    func iso8601Forms(text: String, epoch: Double) {
        #expect(HTTPDate.parseISO8601(text)?.timeIntervalSince1970 == epoch)
    }

    @Test(arguments: ["2023-11-14T22:13:20", "2023-13-14T22:13:20Z", "2023-11-14T22:13:20+25:00", "2023-11-14", "2023-11-14T22:13:20.Z"])
    func invalidISO8601(text: String) {
        #expect(HTTPDate.parseISO8601(text) == nil)
    }

    private func imfFixdate(_ date: Date) -> String {
        // Written independently of the parser under test, with the POSIX locale and GMT.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

@Suite struct ErrorMessageTests {
    @Test func messagesSayWhatToDo() {
        #expect(HTTPClientError.timedOut(after: .milliseconds(1500)).description.contains("1.5 s"))
        #expect(HTTPClientError.timedOut(after: .milliseconds(250)).description.contains("250 ms"))
        #expect(HTTPClientError.responseTooLarge(limit: 1000).description.contains("maxResponseBytes"))
        #expect(HTTPClientError.tooManyRedirects(limit: 5).description.contains("more than 5"))
        #expect(HTTPClientError.unsupportedScheme("ftp").description.contains("\"ftp\""))
        let status = HTTPClientError.status(code: 503, headers: ["Authorization": "Bearer abc"], body: Data("secret body".utf8))
        #expect(status.description.contains("503"))
        #expect(!status.description.contains("abc"))
        #expect(!status.description.contains("secret body"))
    }

    @Test func durationsRoundUpToWholeMilliseconds() {
        #expect(Duration.microseconds(1).milliseconds == 1)
        #expect(Duration.zero.milliseconds == 0)
        #expect(Duration.seconds(-3).milliseconds == 0)
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.seconds(10_000_000).milliseconds == Int(Int32.max))
    }

    @Test func redactionDropsUserInfoOnly() {
        #expect(redacted("https://user:pw@example.com/a?b=c") == "https://example.com/a?b=c")
        #expect(redacted("https://example.com/a") == "https://example.com/a")
    }

    @Test func schemeFromCurlMessage() {
        #expect(CurlTransfer.scheme(inCurlMessage: "Protocol \"ftp\" not supported or disabled in libcurl") == "ftp")
        #expect(CurlTransfer.scheme(inCurlMessage: "no quotes here") == nil)
    }
}
