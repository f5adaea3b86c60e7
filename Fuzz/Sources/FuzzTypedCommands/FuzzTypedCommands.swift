import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import FuzzSupport
import TravelText

// The line typed over the offers (`sort duration`, `filter carrier BA,VS`, `filter depart 9-12`, `next`, `3`) and
// the answers to its questions, read by FlightAvailability's command reader over the recorded one-way search. A
// command reads the same with other spacing or case; a filter it sets lets through only offers that pass it, and
// survives the session recorder's JSON; a window it reads is written as the screen shows it and reads back the same.

private let offers: [Offer] = (try? FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data.offers)
    ?? []

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedCommands(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    check(!offers.isEmpty, "the recorded offers did not load")
    let line = typedText(start, count)
    let command = AvailabilityCommands.read(line)
    if case .number(let number) = command {
        check(Int(String(line.filter { !$0.isWhitespace })) == number, "“\(line)” read as offer \(number)")
    }
    let spaced = " \(line)\t "
    // A space before a combining mark is one character with it: no longer spacing.
    if spaced.count == line.count + 3 {
        check(loosely(AvailabilityCommands.read(spaced)) == loosely(command), "“\(line)” reads otherwise with spaces")
    }
    if isPlainASCII(line) {
        check(
            loosely(AvailabilityCommands.read(line.uppercased())) == loosely(command),
            "“\(line)” reads otherwise in capitals")
    }
    if case .filter(let kind, let value) = command {
        filters(kind, value, line: line)
    }
    // The same text as the answer to the airline and departure questions, and as a window on its own.
    _ = AvailabilityCommands.problem(with: line, for: .carriers, offers: offers)
    _ = AvailabilityCommands.problem(with: line, for: .departureWindow, offers: offers)
    _ = AvailabilityCommands.sortNamed(line)
    if case .success(let window?) = AvailabilityCommands.parseWindow(line) {
        check(window.isValid, "“\(line)” read as the window \(window), which ends before it starts")
        check((try? TimeWindowReader.read(window.description)) == window, "“\(line)” read as \(window), which reads otherwise")
    }
    return 0
}

/// A command with what only words its message or its value's case.
private func loosely(_ command: AvailabilityCommand) -> AvailabilityCommand {
    switch command {
    case .unknown: .unknown("")
    case .filter(let kind, let value): .filter(kind, value.lowercased())
    default: command
    }
}

private func filters(_ kind: AvailabilityFilterKind, _ value: String, line: String) {
    let result = AvailabilityCommands.applying(kind, value, to: AvailabilityFilters(), offers: offers)
    guard case .success(let filters) = result else {
        if case .failure(let problem) = result { check(!problem.message.isEmpty, "“\(line)”: a problem with no message") }
        return
    }
    let visible = AvailabilityOffers.visible(offers, sort: .price, filters: filters)
    check(Set(visible).count == visible.count, "“\(line)”: an offer shown twice")
    for index in visible {
        let offer = offers[index]
        check(filters.admits(offer), "“\(line)”: offer \(offer.id) shown though the filters refuse it")
        if let maxStops = filters.maxStops {
            check(offer.slices.allSatisfy { OfferFormat.stopCount(in: $0) <= maxStops },
                  "“\(line)”: offer \(offer.id) has more than \(maxStops) stops")
        }
    }
    let known = Set(AvailabilityOffers.carriers(in: offers).compactMap { $0.iataCode?.uppercased() })
    check(filters.carriers.isSubset(of: known), "“\(line)”: airlines \(filters.carriers) are not in the offers")
    if let window = filters.departureWindow { check(window.isValid, "“\(line)”: window \(window) ends before it starts") }
    let recorded = try? JSONDecoder().decode(AvailabilityFilters.self, from: JSONEncoder().encode(filters))
    check(recorded == filters, "“\(line)”: filters \(filters) read back from JSON as \(String(describing: recorded))")
}
