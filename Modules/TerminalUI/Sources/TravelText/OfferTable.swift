public import Entities
public import TerminalUI
public import Trips

/// The offers as a table, a line per leg: the offers screen draws a page of it, and `flights search` prints it
/// whole with each offer's id under its lines.
public enum OfferTable {
    /// The table of `rows`; the highlighted offer marked with `›` when `marksHighlight`, so it shows without colour
    /// too. The CO₂ column is there only when `showsEmissions`; the column the offers are sorted by stays longest.
    public static func table(
        _ rows: [OfferRow], showsLegRoute: Bool, showsEmissions: Bool, marksHighlight: Bool,
        sortedBy sort: OfferOrder = .price
    ) -> Table {
        // The marker shares the number's column, so the table keeps its width for the flights.
        var columns = [Table.Column("", alignment: .right, priority: 99)]
        if showsLegRoute { columns.append(Table.Column("Leg", priority: 8)) }
        // Narrow terminals lose the flight numbers first, then the CO₂ estimate, then the duration and the airline's
        // name; the fare brand stays longest, or the Basic and the Flex fare of one flight would differ only by their
        // price (at 60 columns: times, stops, fare and price; at 80 the airline too). The column the offers are
        // sorted by stays as long as the times.
        columns += [
            Table.Column("Departs", priority: 9),
            Table.Column("Arrives", priority: 9),
            Table.Column("Duration", alignment: .right, priority: sort == .duration ? 9 : 5),
            Table.Column("Stops", priority: 7, flexible: true, minimumWidth: 10),
            Table.Column("Airline", priority: 6, flexible: true, minimumWidth: 10),
            Table.Column("Flights", priority: 2, flexible: true, minimumWidth: 12),
            Table.Column("Fare", priority: 8),
        ]
        if showsEmissions { columns.append(Table.Column("CO₂", alignment: .right, priority: sort == .emissions ? 9 : 3)) }
        columns.append(Table.Column("Price", alignment: .right, priority: 10))
        var table = Table(columns: columns)
        for row in rows {
            for (index, leg) in row.legs.enumerated() {
                let marker = marksHighlight && row.isHighlighted ? "›" : ""
                var cells = [index == 0 ? "\(marker)\(row.number)." : ""]
                if showsLegRoute { cells.append(leg.route) }
                cells += [leg.departs, leg.arrives, leg.duration, leg.stops, leg.airline, leg.flights, leg.fare]
                if showsEmissions { cells.append(index == 0 ? row.emissions : "") }
                cells.append(index == 0 ? row.price : "")
                table.addRow(cells)
            }
        }
        return table
    }

    /// The offers found for `request`, as plain text at `width` for standard output: the header, the order, the
    /// table with each offer's id under its lines (what a program or a person copies for `flights book`), and a
    /// footnote (`Showing 5 of 14 offers`, or that nothing flies). `shown` is at most the limit of `total` offers.
    public static func listing(
        _ request: SearchRequest, offerRequest: OfferRequest, shown: [Offer], total: Int, sortedBy sort: OfferOrder,
        width: Int
    ) -> String {
        func lines(_ block: any Renderable) -> [String] { block.render(width: width, style: .plain) }
        let header = TripHeader(request, offerRequest: offerRequest, offerCount: total)
        var text = lines(SectionHeader(UntrustedText.visible(header.title)))
            + lines(Paragraph(UntrustedText.visible(header.details))) + lines(Paragraph("Sort: \(sortName(sort))")) + [""]
        let rows = shown.enumerated().map {
            OfferFormat.row($0.element, number: $0.offset + 1, highlighted: false, searched: request.slices)
        }
        if !rows.isEmpty {
            var table = lines(visible(table(
                rows, showsLegRoute: request.slices.count > 1, showsEmissions: OfferFormat.anyEmissions(shown),
                marksHighlight: false, sortedBy: sort)))[...]
            if let title = table.popFirst() { text.append(title) }
            for row in rows {
                text += table.prefix(row.legs.count)
                table = table.dropFirst(row.legs.count)
                text.append("     " + UntrustedText.visible(row.offerID))
            }
            text += table
        }
        var footnote: String?
        if total == 0 {
            footnote = "No flights found for \(OfferFormat.route(request, offerRequest)) on \(OfferFormat.dates(request))."
        } else if shown.count < total {
            footnote = "Showing \(shown.count) of \(TravelFormat.count(total, "offer"))."
        }
        if let footnote {
            if !rows.isEmpty { text.append("") }
            text += lines(Paragraph(UntrustedText.visible(footnote)))
        }
        return text.joined(separator: "\n")
    }

    /// The order's name as a list says it: `price`, `duration`, `CO₂`.
    public static func sortName(_ sort: OfferOrder) -> String {
        sort == .emissions ? "CO₂" : sort.rawValue
    }

    /// `table` with every text in its rows made visible.
    static func visible(_ table: Table) -> Table {
        var table = table
        table.rows = table.rows.map { $0.map(UntrustedText.visible) }
        return table
    }
}

/// The lines above a list of offers or a date grid: the route with place names, then the dates, the passengers,
/// the cabin and (once known) how many offers. The offers screen and `flights search` print the same two lines.
public struct TripHeader: Codable, Sendable, Equatable {
    /// `London (LHR) → New York (JFK)`.
    public var title: String
    /// `Fri 18 Dec · 1 adult · Economy · 14 offers`.
    public var details: String

    /// A header of these two lines.
    public init(title: String, details: String) {
        self.title = title
        self.details = details
    }

    /// The header of `request`: the places named by `offerRequest` when known, and `offerCount` when the offers
    /// are in.
    public init(_ request: SearchRequest, offerRequest: OfferRequest? = nil, offerCount: Int? = nil) {
        var details = [OfferFormat.dates(request), TravelFormat.passengers(request.passengers),
                       request.cabinClass?.displayName ?? "Any cabin"]
        if let offerCount { details.append(TravelFormat.count(offerCount, "offer")) }
        self.init(title: OfferFormat.route(request, offerRequest), details: details.joined(separator: " · "))
    }
}
