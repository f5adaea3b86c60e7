import Foundation

/// `--api URL [--token T] [--rounds N] [--offers N]`.
struct BenchOptions {
    var api = URL(string: "http://127.0.0.1:4010") ?? URL(fileURLWithPath: "/")
    var token = "duffel_test_flights_bench"
    var rounds = 7
    var offers = 250

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            let value = iterator.next() ?? ""
            switch argument {
            case "--api": api = URL(string: value) ?? api
            case "--token": token = value
            case "--rounds": rounds = max(1, Int(value) ?? rounds)
            case "--offers": offers = max(1, Int(value) ?? offers)
            default: FileHandle.standardError.write(Data("ignoring unknown argument \(argument)\n".utf8))
            }
        }
    }
}
