/// Zero-padded decimal numbers, written as `String(format: "%0Nd")` writes them, without its format parsing and
/// `NSString` round trip: dates and timestamps are written once per value encoded.
enum PaddedDigits {
    /// Appends `value` as `%0<width>d` does: at least `width` characters, zeros after a minus sign.
    @inline(__always) static func append(_ value: Int, width: Int, to output: inout [UInt8]) {
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if value < 0 { output.append(UInt8(ascii: "-")) }
            let width = value < 0 ? width - 1 : width
            if count < width {
                for _ in count..<width { output.append(UInt8(ascii: "0")) }
            }
            for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
    }

    /// `YYYY-MM-DD`, as `String(format: "%04d-%02d-%02d")` writes it.
    static func appendDate(year: Int, month: Int, day: Int, to output: inout [UInt8]) {
        append(year, width: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &output)
    }

    /// `HH:mm`, as `String(format: "%02d:%02d")` writes it.
    static func appendTime(hour: Int, minute: Int, to output: inout [UInt8]) {
        append(hour, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        append(minute, width: 2, to: &output)
    }
}
