import Foundation

/// One measurement per line of JSON on standard output, for scripts/bench to read.
enum BenchOutput {
    static func line(_ fields: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}

extension [Double] {
    var median: Double {
        let sorted = self.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
