import Entities
import Foundation

/// Measures how fast Duffel answers are read into Entities and written back, against Foundation's
/// `JSONSerialization` on the same bytes.
///
/// Usage: `flights-json-benchmark [--seconds S] [--rounds N] KIND=FILE ...` where KIND is `offer-request`,
/// `order` or `offers-page`. For each file it prints one line of JSON to standard output:
/// `{"file", "kind", "bytes", "typed_decode_mb_s", "jsonserialization_mb_s", "typed_encode_mb_s", "offers"}`,
/// the medians over the rounds, in megabytes (10^6 bytes) a second. Decoding and `JSONSerialization` are counted in
/// the file's bytes read; encoding in the bytes written. Each round measures the three back to back, so that on a
/// machine shared with other work they see about the same load. A measurement, not a test: it never fails on a
/// timing, only on arguments it cannot use or a file it cannot read.
@main
struct JSONBenchmark {
    static func main() {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
        } catch {
            note("\(error)")
            note(BenchmarkOptions.usage)
            exit(2)
        }
        var failed = false
        for input in options.inputs {
            do {
                let line = try measure(input, options: options)
                print(line)
            } catch {
                note("\(input.path): \(error)")
                failed = true
            }
        }
        exit(failed ? 1 : 0)
    }

    static func measure(_ input: BenchmarkInput, options: BenchmarkOptions) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input.path))
        let codec = try input.kind.codec(for: bytes)
        let encodedCount = try codec.encode().count
        var decode: [Double] = []
        var serialization: [Double] = []
        var encode: [Double] = []
        for _ in 0..<options.rounds {
            decode.append(try throughput(bytes: bytes.count, seconds: options.seconds) { try codec.decode() })
            serialization.append(try throughput(bytes: bytes.count, seconds: options.seconds) {
                _ = try JSONSerialization.jsonObject(with: bytes)
            })
            encode.append(try throughput(bytes: encodedCount, seconds: options.seconds) { _ = try codec.encode() })
        }
        note("\(input.kind.rawValue) \(input.path): \(bytes.count) bytes read, \(encodedCount) written; "
            + "MB/s per round: decode \(rounded(decode)), JSONSerialization \(rounded(serialization)), "
            + "encode \(rounded(encode))")
        let fields: [(String, String)] = [
            ("file", quoted(URL(fileURLWithPath: input.path).lastPathComponent)),
            ("kind", quoted(input.kind.rawValue)),
            ("bytes", String(bytes.count)),
            ("typed_decode_mb_s", number(median(decode))),
            ("jsonserialization_mb_s", number(median(serialization))),
            ("typed_encode_mb_s", number(median(encode))),
            ("offers", codec.offers.map(String.init) ?? "null"),
        ]
        return "{" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Runs `body` for about `seconds` (at least twice) and gives megabytes a second.
    static func throughput(bytes: Int, seconds: Double, _ body: () throws -> Void) throws -> Double {
        try body()  // warm-up, not counted
        let clock = ContinuousClock()
        let start = clock.now
        var iterations = 0
        var elapsed = Duration.zero
        repeat {
            try body()
            iterations += 1
            elapsed = clock.now - start
        } while iterations < 2 || elapsed < .seconds(seconds)
        let secondsTaken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(bytes * iterations) / secondsTaken / 1e6
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func number(_ value: Double) -> String { String(format: "%.2f", value) }

    static func rounded(_ values: [Double]) -> String { values.map(number).joined(separator: " ") }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
