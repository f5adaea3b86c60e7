@testable import Entities
import Foundation
import FuzzSupport
import Services

// Every Duffel answer the app reads, through the decoder live answers and fixtures go through
// (`DuffelResponseDecoder`): a body never crashes it, and what it reads is written back by `DuffelJSON`'s encoder
// (as the sandbox and the bookings file write), byte for byte as Foundation's `JSONEncoder` writes it, and read again
// as the same value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDuffelDecoders(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    readsBack(DataEnvelope<OfferRequest>.self, body) { $0.data }
    readsBack(Page<Offer>.self, body) { $0 }
    readsBack(DataEnvelope<Offer>.self, body) { $0.data }
    readsBack(DataEnvelope<Order>.self, body) { $0.data }
    readsBack(Page<Order>.self, body) { $0 }
    readsBack(DataEnvelope<OrderCancellation>.self, body) { $0.data }
    readsBack(DataEnvelope<OrderPayment>.self, body) { $0.data }
    readsBack(Page<Place>.self, body) { $0 }
    readsBack(Page<SeatMap>.self, body) { $0 }

    // An error status: Duffel's error envelope, or the status and the start of the body.
    let error = DuffelResponseDecoder.errorFor(status: 422, body: body, rateLimit: nil)
    check(!error.message.isEmpty, "an error with no message")
    if let apiError = error.apiError {
        check(apiError.status == 422, "the envelope's status \(apiError.status) replaced the answer's")
    }
    return 0
}

/// Decodes `body` as `Response` the way a live answer is; when that works, encodes the value, decodes that, and
/// encodes it again: the two texts written are the same, and the values read are the same as the first (up to the
/// rounding of a time finer than a millisecond or of an amount finer than its currency: see
/// ``hasValuesWrittenRounded(_:)``).
private func readsBack<Response: Codable, Value: Equatable>(
    _ type: Response.Type, _ body: Data, _ value: (Response) -> Value
) {
    agreesWithFoundation(type, body, value)
    let first: Response
    do {
        first = try DuffelResponseDecoder.decode(type, status: 200, body: body)
    } catch {
        check(!error.message.isEmpty, "a decoding error with no message")
        return
    }
    guard let (second, written) = writtenAndRead(first), let (third, rewritten) = writtenAndRead(second) else { return }
    check(written == rewritten, "\(Response.self) is written differently once read back:\n\(text(written))\n\(text(rewritten))")
    check(value(second) == value(third), "\(Response.self) reads back differently:\n\(text(written))")
    if !hasValuesWrittenRounded(body) {
        check(value(first) == value(second), "\(Response.self) reads back differently:\n\(text(written))")
    }
}

/// `DuffelJSON`'s own reader, when it reads `body` without leaving it to Foundation, reads what Foundation's
/// `JSONDecoder` reads with timestamps read by Foundation's `ISO8601FormatStyle` (``foundationTimestamp(_:)``, as
/// `DuffelJSON.parseTimestamp` reads those it does not read itself); and it never reads what Foundation refuses.
private func agreesWithFoundation<Response: Decodable, Value: Equatable>(
    _ type: Response.Type, _ body: Data, _ value: (Response) -> Value
) {
    guard let fast = DuffelJSONDecoder.fastDecode(Response.self, from: body, userInfo: [:]) else { return }
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = foundationTimestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a timestamp: \(text)")
        }
        return date
    }
    do {
        let expected = try foundation.decode(Response.self, from: body)
        check(value(fast) == value(expected), "\(Response.self): the fast path reads differently from Foundation")
    } catch {
        check(false, "\(Response.self): the fast path reads what Foundation refuses: \(error)")
    }
}

/// `DuffelJSON.parseTimestamp` as it was before it read Duffel's own shapes itself: Foundation's ISO 8601 parser,
/// with its correction for days before the Gregorian reform, and the years four digits can write.
private func foundationTimestamp(_ text: String) -> Date? {
    func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
    let reform: TimeInterval = -12_219_292_800
    guard var date = parse(text) else { return nil }
    if date.timeIntervalSince1970 < reform + 10 * 86_400, let named = CalendarDate(String(text.prefix(10))),
       named.dayNumber * 86_400 < Int(reform), let midnight = parse("\(named)T00:00:00Z") {
        date.addTimeInterval(Double(named.dayNumber * 86_400) - midnight.timeIntervalSince1970)
    }
    guard (-62_135_596_800..<253_402_300_800).contains(date.timeIntervalSince1970) else { return nil }
    return date
}

/// `value` written by `DuffelJSON` and read again as a live answer would be, and the text written.
private func writtenAndRead<Response: Codable>(_ value: Response) -> (Response, Data)? {
    let written: Data
    do {
        written = try DuffelJSON.encoder().encode(value)
    } catch {
        check(false, "\(Response.self) read from the body cannot be written: \(error)")
        return nil
    }
    // DuffelJSON writes with an encoder of its own: its bytes must be those of Foundation's, with the same settings.
    for pretty in [false, true] {
        let reference = JSONEncoder()
        reference.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        reference.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DuffelJSON.formatTimestamp(date))
        }
        let expected = try? reference.encode(value)
        let found = pretty ? try? DuffelJSON.encoder(pretty: true).encode(value) : written
        check(found == expected, "\(Response.self) written differently from Foundation (pretty \(pretty)):\n\(text(found ?? Data()))")
    }
    do {
        return (try DuffelResponseDecoder.decode(Response.self, status: 200, body: written), written)
    } catch {
        check(false, "\(Response.self) written by DuffelJSON cannot be read back: \(error.message)\n\(text(written))")
        return nil
    }
}

private func text(_ data: Data) -> String { String(decoding: data.prefix(2_000), as: UTF8.self) }
