import TerminalUI

/// Drawing the availability screen: each view model as lines on the terminal, fitted to its width.
extension FlightAvailabilityTerminalView {
    /// What is on screen now, which decides how the next input is read; wakes a wait for it.
    func setMode(_ newMode: Mode) {
        mode = newMode
        if !newMode.isLoading {
            stopSpinner()
            pendingRead?.cancel()
        }
        wakeStateWaiter()
    }

    /// Stops the spinner, if one turns.
    func stopSpinner() {
        spinner?.stop()
        spinner = nil
    }

    /// Shows `lines` as a fresh page in one write, so the screen never shows half a page: the whole screen on a
    /// TTY, after a blank line elsewhere (where the output is a log that keeps everything).
    private func showPage(_ lines: [String]) {
        if terminal.isInteractive {
            terminal.clearScreen()
            terminal.writeLines(lines)
        } else {
            terminal.writeLines([""] + lines)
        }
    }

    private func render(_ block: any Renderable) -> [String] {
        block.render(width: terminal.columns, style: terminal.style)
    }

    private func header(_ header: AvailabilityHeaderViewModel) -> [String] {
        render(SectionHeader(header.title)) + [terminal.style.dim(header.details)]
    }

    private func dimmed(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return render(Paragraph(text)).map(terminal.style.dim)
    }

    func displayLoading(_ viewModel: LoadingViewModel) {
        stopSpinner()
        setMode(.loading(viewModel))
        // Off a TTY the header comes with the results; the log needs only the one progress line.
        if terminal.isInteractive {
            showPage(header(viewModel.header) + [""] + dimmed(viewModel.legend))
        }
        spinner = terminal.startSpinner(viewModel.message)
    }

    func display(_ viewModel: ResultsViewModel) {
        setMode(.results(viewModel))
        showPage(
            header(viewModel.header) + dimmed(viewModel.status) + [""]
                + offerTableLines(
                    viewModel.rows, showsLegRoute: viewModel.showsLegRoute, showsEmissions: viewModel.showsEmissions,
                    marksHighlight: terminal.isInteractive)
                + [""] + dimmed(viewModel.legend))
    }

    func displayNoOffers(_ viewModel: NoOffersViewModel) {
        setMode(.noOffers(viewModel))
        showPage(
            header(viewModel.header) + [""] + render(Notice(.warning, viewModel.message))
                + render(Paragraph(viewModel.suggestion, indent: 2)) + [""] + dimmed(viewModel.legend))
    }

    func displayError(_ viewModel: ErrorViewModel) {
        setMode(.error(viewModel))
        showPage(
            header(viewModel.header) + [""]
                + render(viewModel.notice)
                + viewModel.details.flatMap { render(Paragraph($0, indent: 2)) }
                + render(Paragraph(viewModel.suggestion, indent: 2)) + [""] + dimmed(viewModel.legend))
    }

    func displayFlexibleDates(_ viewModel: FlexibleDatesViewModel) {
        setMode(.flexibleDates(viewModel))
        let style = terminal.style
        var table = Table(columns: [
            Table.Column("", alignment: .right, priority: 99),
            Table.Column("Day", priority: 9),
            Table.Column("Cheapest", alignment: .right, priority: 8),
            Table.Column("", priority: 1, flexible: true, minimumWidth: 6),
        ])
        for row in viewModel.rows {
            let marker = terminal.isInteractive && row.isHighlighted ? "›" : ""
            table.addRow(["\(marker)\(row.number).", row.date, row.fare, row.note])
        }
        let grid = render(table).enumerated().map { index, line in
            guard index > 0 else { return line }
            let row = viewModel.rows[index - 1]
            if row.isFailure { return style.error(line) }
            return row.isHighlighted ? style.bold(line) : line
        }
        showPage(
            header(viewModel.header) + ["", style.bold(viewModel.title)] + grid + [""]
                + dimmed(viewModel.footnote) + dimmed(viewModel.legend))
    }

    func displayChoice(_ viewModel: ChoiceViewModel) {
        setMode(.choice(viewModel))
        terminal.writeLine()
    }

    func displayQuestion(_ viewModel: QuestionViewModel) {
        setMode(.question(viewModel))
        terminal.writeLine()
    }

    func displayHelp(_ viewModel: HelpViewModel) {
        let lines = render(SectionHeader(viewModel.title))
            + render(KeyValueList(rows: viewModel.rows))
            + (viewModel.legend.isEmpty ? [] : [""] + dimmed(viewModel.legend))
        if terminal.isInteractive {
            setMode(.help(viewModel))
            showPage(lines)
        } else {
            // Off a TTY the help is one more entry in the log; the prompt that follows is the same as before.
            terminal.writeLines([""] + lines)
        }
    }

    func displayProblem(_ message: String) {
        terminal.display(Notice(.error, message))
    }

    func displayReport(_ viewModel: ReportViewModel) {
        var lines = header(viewModel.header) + dimmed(viewModel.status) + [""]
        if !viewModel.rows.isEmpty {
            lines += offerTableLines(
                viewModel.rows, showsLegRoute: viewModel.showsLegRoute, showsEmissions: viewModel.showsEmissions,
                marksHighlight: false)
        }
        if let footnote = viewModel.footnote {
            if !viewModel.rows.isEmpty { lines.append("") }
            lines += render(Paragraph(footnote))
        }
        terminal.writeLines(lines)
    }

    func displayDocument(_ text: String) {
        terminal.write(UntrustedText.jsonEscaped(text))
    }

    func displayDiagnostic(_ text: String) {
        terminal.writeDiagnostic(text)
    }

    func displayFinished() {
        isFinished = true
        setMode(.idle)
    }

    // MARK: The offers table

    /// The table of offers, a line per leg, fitted to the width; the highlighted offer's lines in bold with a
    /// marker, so it shows without colour too. The CO₂ column is there only when some offer has an estimate.
    private func offerTableLines(
        _ rows: [OfferRowViewModel], showsLegRoute: Bool, showsEmissions: Bool, marksHighlight: Bool
    ) -> [String] {
        // The marker shares the number's column, so the table keeps its width for the flights.
        var columns = [Table.Column("", alignment: .right, priority: 99)]
        if showsLegRoute { columns.append(Table.Column("Leg", priority: 8)) }
        // Narrow terminals lose the airline's name (its code starts every flight number), then the fare, before
        // the stops and flight numbers are cut.
        columns += [
            Table.Column("Departs", priority: 9),
            Table.Column("Arrives", priority: 9),
            Table.Column("Duration", alignment: .right, priority: 7),
            Table.Column("Stops", priority: 6, flexible: true, minimumWidth: 10),
            Table.Column("Airline", priority: 2),
            Table.Column("Flights", priority: 5, flexible: true, minimumWidth: 12),
            Table.Column("Fare", priority: 3),
        ]
        // Short of width, the CO₂ estimate goes after the airline's name and the fare, before the flight numbers.
        if showsEmissions { columns.append(Table.Column("CO₂", alignment: .right, priority: 4)) }
        columns.append(Table.Column("Price", alignment: .right, priority: 10))
        var table = Table(columns: columns)
        var highlighted: Set<Int> = []
        for row in rows {
            for (index, leg) in row.legs.enumerated() {
                if row.isHighlighted { highlighted.insert(table.rows.count) }
                let marker = marksHighlight && row.isHighlighted ? "›" : ""
                var cells = [index == 0 ? "\(marker)\(row.number)." : ""]
                if showsLegRoute { cells.append(leg.route) }
                cells += [leg.departs, leg.arrives, leg.duration, leg.stops, leg.airline, leg.flights, leg.fare]
                if showsEmissions { cells.append(index == 0 ? row.emissions : "") }
                cells.append(index == 0 ? row.price : "")
                table.addRow(cells)
            }
        }
        let style = terminal.style
        return table.render(width: terminal.columns, style: style).enumerated().map { index, line in
            highlighted.contains(index - 1) ? style.bold(line) : line
        }
    }
}
