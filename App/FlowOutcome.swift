/// How a deep link ended, and the exit code it gives.
enum FlowOutcome: Sendable, Equatable {
    case done
    case noResults
    case declined
    case badInput
    case backendError(String)
    /// The bookings file could not be written, so nothing was sent.
    case cannotSave
    /// The bookings file could not be read.
    case cannotUseBookingsFile
    /// The watches file could not be read or written.
    case cannotUseWatchesFile
    /// A watch's lowest went under its price (`flights watch check`): news, not a failure.
    case wentUnderPrice

    /// 0 done, 1 nothing found, 2 confirmation needed (`--yes`), 3 a watch went under its price, 64 bad input, 69
    /// the backend failed, 73 the bookings file could not be written first, or read (or the watches file used).
    var exitCode: Int32 {
        switch self {
        case .done: 0
        case .noResults: 1
        case .declined: 2
        case .wentUnderPrice: 3
        case .badInput: 64
        case .backendError: 69
        case .cannotSave, .cannotUseBookingsFile, .cannotUseWatchesFile: 73
        }
    }
}

/// A command ends with its outcome early (not found, cannot be read), carried as a failure.
extension FlowOutcome: Error {}
