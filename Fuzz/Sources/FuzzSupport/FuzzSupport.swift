import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the run when a property does not hold. libFuzzer sees the abort as a crash: it saves the input as
/// `crash-…` under its artifact prefix and prints the path, and `scripts/fuzz` fails.
public func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("\n\(file):\(line): property failed: \(message())\n".utf8))
    abort()
}

/// The fuzzer's bytes as the text a person would have typed: invalid UTF-8 is repaired, as the terminal's line
/// reader repairs it.
public func typedText(_ start: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
}

/// Whether `text` is ASCII without control characters: where case folding and spacing rules are unambiguous.
public func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
}

/// Whether `bytes` hold a value that `DuffelJSON` writes back rounded, so that the value read back from what was
/// written is the same only once rounded: a time finer than a millisecond (`16:06:32.531661`; Foundation also reads
/// `13:4:514.897406`), written to the millisecond as Duffel writes it; or an amount with more decimals than its
/// currency has (`"30.202"` in pounds), written to the currency's minor units as Duffel writes it. An amount in a
/// currency that has other than two minor units (`JPY`, `KWD`) counts too.
public func hasValuesWrittenRounded(_ bytes: some Collection<UInt8>) -> Bool {
    if hasFinerThanMilliseconds(bytes) || hasAmountFinerThanCents(bytes) { return true }
    let text = String(decoding: Array(bytes), as: UTF8.self).uppercased()
    return oddMinorUnitCurrencies.contains { text.contains($0) }
}

private let oddMinorUnitCurrencies = [
    "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF",
    "XPF", "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND",
]

/// A number with four or more digits after the point, anywhere.
private func hasFinerThanMilliseconds(_ bytes: some Collection<UInt8>) -> Bool {
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    var state = 0  // 0: nothing; 1: a digit; 2: a digit and a point; 3...6: that many digits after the point, less 2
    for byte in bytes {
        if digits.contains(byte) {
            state = state >= 2 ? state + 1 : 1
            if state == 6 { return true }
        } else {
            state = byte == UInt8(ascii: ".") && state == 1 ? 2 : 0
        }
    }
    return false
}

/// A quoted decimal (an amount, as Duffel writes one) with three or more digits after the point: `"30.202"`.
private func hasAmountFinerThanCents(_ bytes: some Collection<UInt8>) -> Bool {
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    let quote = UInt8(ascii: "\"")
    // 0: outside; 1: after a quote (or its minus); 2: in the whole part; 3...: that many digits after the point, plus 3
    var state = 0
    for byte in bytes {
        switch state {
        case 0:
            state = byte == quote ? 1 : 0
        case 1:
            state = digits.contains(byte) ? 2 : (byte == UInt8(ascii: "-") ? 1 : (byte == quote ? 1 : 0))
        case 2:
            state = digits.contains(byte) ? 2 : (byte == UInt8(ascii: ".") ? 3 : (byte == quote ? 1 : 0))
        default:
            if digits.contains(byte) {
                state += 1
            } else if byte == quote {
                if state >= 6 { return true }
                state = 1
            } else {
                state = 0
            }
        }
    }
    return false
}
