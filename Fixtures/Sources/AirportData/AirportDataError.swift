/// Why airport or city data could not be loaded.
public enum AirportDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The header row lacks a column the loader needs.
    case missingColumn(file: String, column: String)
    /// A row could not be read (bad quoting, wrong number of fields, a value out of range).
    case malformedRow(file: String, line: Int, reason: String)
    /// The same IATA code appears on two rows.
    case duplicateCode(file: String, code: String)
    /// A city names an airport that the airport data does not contain.
    case unknownAirport(city: String, airport: String)

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .missingColumn(let file, let column):
            "\(file) has no '\(column)' column; regenerate it with Fixtures/scripts/generate-airports.py"
        case .malformedRow(let file, let line, let reason):
            "\(file) line \(line): \(reason); fix the generator or regenerate the data"
        case .duplicateCode(let file, let code):
            "\(file) lists \(code) twice; each IATA code must appear once"
        case .unknownAirport(let city, let airport):
            "city \(city) lists airport \(airport), which is not in airports.csv; regenerate both files together"
        }
    }
}
