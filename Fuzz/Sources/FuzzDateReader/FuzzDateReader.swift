import Entities
import FuzzSupport

// The dates travellers type in the search and the change (`2026-12-18`, `tomorrow`, `+7`, `fri`, `18 dec`), read by
// Entities' TravelDateReader on a few days that test its edges: the turn of a year, a leap day, a base day (an
// earlier leg) ahead of today. A date it reads is written back as `YYYY-MM-DD` and as the screen shows it, and both
// read as the same day.

private let days: [(today: CalendarDate, bases: [CalendarDate])] = [
    day(2026, 11, 22), day(2026, 12, 31), day(2028, 2, 28), day(2099, 12, 31),
].map { today in (today, [today, today.adding(days: 10), today.adding(days: 400)]) }

private func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    CalendarDate(year: year, month: month, day: day) ?? CalendarDate(dayNumber: 0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDateReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = typedText(start, count)
    for (today, bases) in days {
        let reader = TravelDateReader(today: today)
        for base in bases {
            check(text, with: reader, base: base)
        }
    }
    return 0
}

private func check(_ text: String, with reader: TravelDateReader, base: CalendarDate) {
    let date: CalendarDate
    do {
        date = try reader.read(text, base: base)
    } catch {
        check(!error.message.isEmpty, "no message for “\(text)”")
        return
    }
    let context = "“\(text)” read as \(date) (today \(reader.today), base \(base))"
    check((1...9999).contains(date.year), "\(context): a year out of the calendar")
    check((try? reader.read(date.description, base: base)) == date, "\(context): its YYYY-MM-DD reads otherwise")
    // As the screen shows it, `Fri 18 Dec 2026`, less the weekday (the screen prints a year as a plain number, so
    // one before 1000 has fewer than the four digits a typed year needs).
    if date.year >= 1000 {
        let shown = TravelFormat.day(date).split(separator: " ").dropFirst().joined(separator: " ")
        check((try? reader.read(shown, base: base)) == date, "\(context): “\(shown)” reads otherwise")
    }
    // Without a year typed, the reader picks the day: never one already gone.
    if !hasYear(text) {
        check(date >= reader.today, "\(context): a day without a year typed is in the past")
    }
    if isPlainASCII(text) {
        check((try? reader.read(text.uppercased(), base: base)) == date, "\(context): upper case reads otherwise")
        check((try? reader.read("  \(text) ", base: base)) == date, "\(context): spaces around it read otherwise")
    }
}

/// Whether `text` holds four digits in a row: a year, typed.
private func hasYear(_ text: String) -> Bool {
    var run = 0
    for byte in text.utf8 {
        run = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? run + 1 : 0
        if run == 4 { return true }
    }
    return false
}
