// Times the text work a screen does on every redraw: measuring and cutting text, fitting a table of offers.
// Prints time per operation; it never fails on a timing. Run it in release mode:
//   swift run -c release --package-path Modules/TerminalUI TerminalUIBenchmark
import TerminalUI

/// Runs `body` until about `budget` has passed and returns the mean time of one call.
func measure(_ name: String, budget: Duration = .milliseconds(500), _ body: () -> Int) -> Duration {
    let clock = ContinuousClock()
    var sink = 0
    // Warm-up, so the first call's one-off costs (allocation, lazy tables) are not counted.
    for _ in 0..<10 { sink &+= body() }
    var iterations = 0
    let start = clock.now
    var elapsed = Duration.zero
    repeat {
        sink &+= body()
        iterations += 1
        elapsed = clock.now - start
    } while elapsed < budget
    let perCall = elapsed / iterations
    print("\(name.padding(38)) \(format(perCall)) per call  (\(iterations) calls, checksum \(sink))")
    return perCall
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func format(_ duration: Duration) -> String {
    let nanoseconds = nanoseconds(duration)
    if nanoseconds >= 1e6 { return String(Int(nanoseconds / 1e3)) + " µs" }
    return String(Int(nanoseconds)) + " ns"
}

extension String {
    func padding(_ width: Int) -> String { TerminalText.pad(self, toWidth: width) }
}

let style = Style.ansi
let airlines = ["British Airways", "Virgin Atlantic", "日本航空 Japan Airlines", "Lufthansa", "KLM Royal Dutch Airlines"]
let mixedLine = "08:15 LHR → JFK 11:05 " + style.accent("British Airways") + " 東京 ✓ Direct £420.00 😀 e\u{301}"

var table = Table(columns: [
    .init("Departs", priority: 5),
    .init("Arrives", priority: 4),
    .init("Airline", priority: 2, flexible: true, minimumWidth: 6),
    .init("Stops", priority: 1),
    .init("Duration", alignment: .right, priority: 0),
    .init("Price", alignment: .right, priority: 6),
], firstRowNumber: 1)
for index in 0..<200 {
    table.addRow([
        "0\(index % 10):15", "1\(index % 10):05" + (index.isMultiple(of: 3) ? " +1" : ""),
        airlines[index % airlines.count], index.isMultiple(of: 2) ? "Direct" : "1 stop",
        "\(7 + index % 5)h \(index % 60)m", style.bold("£\(400 + index).00"),
    ])
}

print("TerminalUI benchmark (mean per call)")
_ = measure("displayWidth, 60-column mixed line") { TerminalText.displayWidth(of: mixedLine) }
_ = measure("stripANSI, 60-column mixed line") { TerminalText.stripANSI(mixedLine).utf8.count }
_ = measure("truncate to 30 columns") { TerminalText.truncate(mixedLine, toWidth: 30).utf8.count }
let wide = measure("Table 200×6 render at 120 columns") { table.render(width: 120, style: style).count }
let narrow = measure("Table 200×6 render at 60 columns") { table.render(width: 60, style: style).count }
let ratio = nanoseconds(narrow) / nanoseconds(wide)
print("narrow/wide table render ratio: " + String(Int(ratio * 100)) + "%")
