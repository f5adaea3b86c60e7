public import Entities

/// The price watches kept on the traveller's machine, with every check's result. A check is written whole or not at
/// all: a check killed half-way leaves the history as it was, and two checks at once both land.
public protocol WatchStore: Sendable {
    /// Keeps `watch` under a new number, with `firstCheck` in its history when given, in one transaction; answers
    /// the watch with its number.
    func add(_ watch: PriceWatch, firstCheck: PriceCheck?) throws(WatchStoreError) -> PriceWatch

    /// Every watch, oldest first.
    func watches() throws(WatchStoreError) -> [PriceWatch]

    /// The checks of watch `id`, oldest first; empty for a watch never checked or not there.
    func history(of id: Int) throws(WatchStoreError) -> [PriceCheck]

    /// Adds each check to its watch's history in one transaction; a check of a watch removed meanwhile is dropped.
    /// Answers each watch's history as it was just before, read in that transaction: two checks at once each see
    /// the other's whole or not at all, so news (a price gone under) is told once.
    @discardableResult
    func record(_ checks: [(watch: Int, check: PriceCheck)]) throws(WatchStoreError) -> [Int: [PriceCheck]]

    /// Removes watch `id` and its history; `false` when there is no such watch.
    func remove(_ id: Int) throws(WatchStoreError) -> Bool

    /// Where the watches are kept, for the traveller.
    var location: String { get }
}

extension WatchStore {
    /// Keeps `watch` under a new number, its history empty.
    public func add(_ watch: PriceWatch) throws(WatchStoreError) -> PriceWatch {
        try add(watch, firstCheck: nil)
    }
}

/// Why the watches' store failed.
public enum WatchStoreError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The folder or file cannot be created, read or written (permissions, a full disk).
    case io(path: String, reason: String)
    /// The file is there but is not a watches database (a hand edit, a disk fault); it is left untouched.
    case corrupt(path: String, reason: String)
    /// The file was written by a later version of flights, whose history this one could damage.
    case newerFormat(path: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .io(let path, let reason):
            "The watches file \(path) cannot be used: \(reason). Check the folder's permissions and free space; the history in it is kept."
        case .corrupt(let path, let reason):
            "The watches file \(path) cannot be read (\(reason)); it was left as it is. Move it aside to start a new one."
        case .newerFormat(let path):
            "The watches file \(path) was written by a newer flights; this one does not write to it. Update flights, or set FLIGHTS_DATA_DIR to another folder."
        }
    }
}
