public import Entities
public import TerminalUI
import Trips

/// Places as a table: the search form's suggestions and `flights places` show the same columns.
public enum PlaceTable {
    /// The columns of a list of places.
    public static let columns = ["Place", "Code", "City", "Country"]

    /// A place as a row: `London (all airports)`, `LON`, `London`, `United Kingdom`.
    public static func row(_ place: Place) -> [String] {
        let chosen = ChosenPlace(place)
        let name = place.kind == .city ? "\(place.name) (all airports)" : place.name
        return [name, place.iataCode, chosen.cityName ?? "", chosen.country]
    }

    /// A table of `places`: the name shrinks first, the country goes first when the terminal is narrow.
    public static func table(_ places: [Place]) -> Table {
        let columns = columns.enumerated().map { index, title -> Table.Column in
            switch index {
            case 0: .init(title, priority: 10, flexible: true, minimumWidth: 16)
            case 1: .init(title, priority: 9)
            default: .init(title, priority: 5 - index, flexible: true, minimumWidth: 8)
            }
        }
        // The table shrinks its widest flexible column first; a long town name must not cut the airport's.
        let rows = places.map(row).map { row in
            row.enumerated().map { index, cell in index >= 2 ? TerminalText.truncate(cell, toWidth: 16) : cell }
        }
        return Table(columns: columns, rows: rows)
    }

    /// `places` as plain text at `width`, for standard output, their text made visible.
    public static func listing(_ places: [Place], width: Int) -> String {
        OfferTable.visible(table(places)).render(width: width, style: .plain).joined(separator: "\n")
    }
}
