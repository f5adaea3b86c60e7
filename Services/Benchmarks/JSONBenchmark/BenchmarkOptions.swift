import Entities
import Foundation

/// What a file holds, and so what it is decoded as.
enum BenchmarkKind: String, CaseIterable {
    /// `POST /air/offer_requests?return_offers=true`: `DataEnvelope<OfferRequest>`.
    case offerRequest = "offer-request"
    /// `POST /air/orders` or `GET /air/orders/{id}`: `DataEnvelope<Order>`.
    case order
    /// `GET /air/offers`: `Page<Offer>`.
    case offersPage = "offers-page"

    /// Decodes `bytes` once, to check they read and to count the offers, and gives the work to time.
    func codec(for bytes: Data) throws -> BenchmarkCodec {
        switch self {
        case .offerRequest:
            return try BenchmarkCodec(DataEnvelope<OfferRequest>.self, bytes: bytes) { $0.data.offers.count }
        case .order:
            return try BenchmarkCodec(DataEnvelope<Order>.self, bytes: bytes) { _ in nil }
        case .offersPage:
            return try BenchmarkCodec(Page<Offer>.self, bytes: bytes) { $0.items.count }
        }
    }
}

/// The decode and encode of one file, through the coders the app uses.
struct BenchmarkCodec {
    let decode: () throws -> Void
    let encode: () throws -> Data
    let offers: Int?

    init<T: Codable>(_ type: T.Type, bytes: Data, offers count: (T) -> Int?) throws {
        let decoder = DuffelJSON.decoder()
        let encoder = DuffelJSON.encoder()
        let value = try decoder.decode(T.self, from: bytes)
        offers = count(value)
        decode = { _ = try decoder.decode(T.self, from: bytes) }
        encode = { try encoder.encode(value) }
    }
}

/// One `KIND=FILE` argument.
struct BenchmarkInput {
    var kind: BenchmarkKind
    var path: String
}

/// The command line.
struct BenchmarkOptions {
    static let usage =
        "usage: flights-json-benchmark [--seconds S (default 1)] [--rounds N (default 5)] KIND=FILE ...\n"
        + "  KIND: \(BenchmarkKind.allCases.map(\.rawValue).joined(separator: ", "))"

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    var seconds: Double = 1
    var rounds = 5
    var inputs: [BenchmarkInput] = []

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
                    throw Problem(description: "--seconds needs a positive number")
                }
                seconds = value
            case "--rounds":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                    throw Problem(description: "--rounds needs a positive whole number")
                }
                rounds = value
            case "-h", "--help":
                throw Problem(description: "help")
            default:
                guard let equals = argument.firstIndex(of: "="),
                      let kind = BenchmarkKind(rawValue: String(argument[..<equals])),
                      argument.index(after: equals) < argument.endIndex else {
                    throw Problem(description: "expected KIND=FILE, found \"\(argument)\"")
                }
                inputs.append(BenchmarkInput(kind: kind, path: String(argument[argument.index(after: equals)...])))
            }
        }
        guard !inputs.isEmpty else { throw Problem(description: "no KIND=FILE given") }
    }
}
