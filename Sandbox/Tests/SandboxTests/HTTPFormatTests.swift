import Foundation
@testable import SandboxServer
import Testing

/// Header values the responder writes by hand instead of through `String(format:)`.
@Suite("HTTP dates and server timings")
struct HTTPFormatTests {
    @Test("an HTTP date is RFC 9110's IMF-fixdate, zero-padded")
    func httpDate() {
        #expect(HTTPDateFormat.string(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDateFormat.string(Date(timeIntervalSince1970: 1_798_761_599.9)) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }

    @Test("a server timing is milliseconds with three decimals, as %.3f writes them")
    func serverTiming() {
        #expect(ServerTiming.milliseconds(.microseconds(12_345)) == "12.345")
        #expect(ServerTiming.milliseconds(.milliseconds(3)) == "3.000")
        #expect(ServerTiming.milliseconds(.nanoseconds(400)) == "0.000")
        #expect(ServerTiming.milliseconds(.nanoseconds(1_500)) == "0.002")
        #expect(ServerTiming.milliseconds(.seconds(2) + .microseconds(7)) == "2000.007")
        #expect(ServerTiming.milliseconds(.zero) == "0.000")
    }
}
