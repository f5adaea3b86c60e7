public import Entities

/// The bookings kept on the traveller's machine. Every confirmed booking is written here before success is shown,
/// and a booking about to be sent is written first as pending, so none is ever lost.
public protocol BookingStore: Sendable {
    /// Inserts or replaces the record with the same booking key.
    func save(_ record: BookingRecord) throws(BookingStoreError)

    /// Every record, newest first.
    func records() throws(BookingStoreError) -> [BookingRecord]

    /// Where the records are kept, for the traveller (`~/.local/share/flights/bookings.json`).
    var location: String { get }
}

extension BookingStore {
    /// The record with this booking reference (any case), if any.
    public func record(reference: String) throws(BookingStoreError) -> BookingRecord? {
        try records().first { $0.bookingReference?.uppercased() == reference.uppercased() }
    }

    /// The record with this booking key, if any.
    public func record(key: String) throws(BookingStoreError) -> BookingRecord? {
        try records().first { $0.bookingKey == key }
    }
}

/// Why the local booking store failed.
public enum BookingStoreError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The folder or file cannot be created, read or written.
    case io(path: String, reason: String)
    /// The file is there but is not a bookings file (a hand edit, a disk fault); it is left untouched.
    case corrupt(path: String, reason: String)
    /// The file was written by a later version of flights, in a format this one would lose fields of.
    case newerFormat(path: String, version: Int)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .io(let path, let reason):
            "The bookings file \(path) cannot be used: \(FileProblem.sentenceBody(reason)). Check the folder's permissions and free space."
        case .corrupt(let path, let reason):
            "The bookings file \(path) cannot be read (\(FileProblem.sentenceBody(reason))); it was left as it is. Move it aside to start a new one."
        case .newerFormat(let path, let version):
            "The bookings file \(path) was written by a newer flights (format \(version)); this one would lose what it "
                + "does not know, so it does not write to it. Update flights, or set FLIGHTS_DATA_DIR to another folder."
        }
    }
}
