/// A CSV file read into rows of fields (RFC 4180: commas, double-quoted fields, `""` for a quote).
///
/// Works on UTF-8 bytes because Character-by-Character iteration of the ~700 KB airport table
/// costs tens of milliseconds, and every structural character of CSV is ASCII.
struct CSVTable {
    let file: String
    let header: [String]
    /// Each row's fields and the 1-based line on which the row starts.
    let rows: [(line: Int, fields: [String])]

    init(file: String, text: String) throws(AirportDataError) {
        var text = text
        let records: [(line: Int, fields: [String])]
        switch text.withUTF8({ bytes in Self.parse(bytes) }) {
        case .success(let parsed): records = parsed
        case .failure(let failure): throw .malformedRow(file: file, line: failure.line, reason: failure.reason)
        }
        guard let first = records.first else {
            throw .malformedRow(file: file, line: 1, reason: "the file is empty, expected a header row")
        }
        self.file = file
        self.header = first.fields
        self.rows = Array(records.dropFirst())
        for row in rows where row.fields.count != header.count {
            throw .malformedRow(
                file: file,
                line: row.line,
                reason: "\(row.fields.count) fields where the header has \(header.count)"
            )
        }
    }

    /// The position of `name` in the header.
    func column(_ name: String) throws(AirportDataError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw .missingColumn(file: file, column: name)
        }
        return index
    }

    private struct Failure: Error {
        let line: Int
        let reason: String
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[(line: Int, fields: [String])], Failure> {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        // Rows are as wide as the header: reserve that much so a row's array is allocated once.
        var width = 0
        var line = 1
        var recordLine = 1
        var index = 0
        let count = bytes.count

        func field(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        while index < count {
            if bytes[index] == quote {
                // Quoted field: runs to the next quote that is not doubled.
                var value: [UInt8] = []
                index += 1
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count, bytes[index + 1] == quote {
                            value.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if byte == newline { line += 1 }
                    value.append(byte)
                    index += 1
                }
                guard closed else {
                    return .failure(Failure(line: recordLine, reason: "a quoted field is never closed"))
                }
                fields.append(String(decoding: value, as: UTF8.self))
                if index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn {
                    return .failure(Failure(line: line, reason: "text after a closing quote"))
                }
            } else {
                let start = index
                while index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn {
                    if bytes[index] == quote {
                        return .failure(Failure(line: line, reason: "a quote inside an unquoted field"))
                    }
                    index += 1
                }
                fields.append(field(start, index))
            }

            if index >= count {
                records.append((recordLine, fields))
                fields = []
                break
            }
            switch bytes[index] {
            case comma:
                index += 1
                if index == count {
                    fields.append("")
                    records.append((recordLine, fields))
                    fields = []
                }
            default:
                // Accept LF and CRLF line ends so a file edited on Windows still loads.
                if bytes[index] == carriageReturn { index += 1 }
                if index < count, bytes[index] == newline { index += 1 }
                records.append((recordLine, fields))
                width = max(width, fields.count)
                fields = []
                fields.reserveCapacity(width)
                line += 1
                recordLine = line
            }
        }
        return .success(records)
    }
}
