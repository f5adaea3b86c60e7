import Entities
import Foundation
import FuzzSupport
import LocalStore
import Services

// The bookings file as any byte string a disk fault, a hand edit or a newer flights may leave, read by
// `FileBookingStore` as the app reads it. What reads is newest first and is written back with nothing lost; what does
// not read is reported and never written over.

private let directory: URL = {
    // On a RAM disk when there is one: every input is a write, a lock, a rename and an fsync.
    let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let base = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("flights-fuzz-bookings-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    atexit { try? FileManager.default.removeItem(at: directory) }
    return folder
}()
private let store = FileBookingStore(directory: directory)

/// A booking to save into a file that did not read: the save must fail too.
private let newcomer = BookingRecord(
    bookingKey: "fuzz-newcomer", offerID: "off_fuzz", backend: "sandbox", legs: [], passengers: ["Ada Lovelace"],
    total: Money(amount: 1, currency: "GBP"), state: .pending, createdAt: Date(timeIntervalSince1970: 0),
    updatedAt: Date(timeIntervalSince1970: 0))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBookingsFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let file = Data(bytes: start, count: count)
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try file.write(to: store.fileURL)
    } catch {
        check(false, "cannot write \(store.fileURL.path): \(error)")
    }
    let records: [BookingRecord]
    do {
        records = try store.records()
    } catch {
        check(!error.description.isEmpty, "an error with no message")
        var saved = true
        do { try store.save(newcomer) } catch { saved = false }
        check(!saved, "a file that does not read was written over")
        check((try? Data(contentsOf: store.fileURL)) == file, "a file that does not read was changed")
        return 0
    }
    check(zip(records, records.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt }, "records not newest first")
    guard let first = records.first else { return 0 }

    // Saving a record again, as an update does, rewrites the whole file: every record must survive it, as it was (up
    // to the rounding of a time finer than a millisecond or of an amount finer than its currency: see
    // `hasValuesWrittenRounded`), and a second rewrite changes nothing more.
    guard let once = savedAndRead(first, file: file) else { return 0 }
    check(once.count == records.count, "\(records.count) records became \(once.count)")
    // A file with one key twice (never written so, but a hand edit may do it) has the first of them replaced.
    let keys = records.map(\.bookingKey)
    if Set(keys).count == keys.count, !hasValuesWrittenRounded(file) {
        check(Set(once) == Set(records), "records changed when written back: \(records) became \(once)")
    } else {
        check(once.map(\.bookingKey).sorted() == keys.sorted(), "booking keys changed when written back: \(keys)")
    }
    guard let again = once.first.flatMap({ savedAndRead($0, file: file) }) else { return 0 }
    check(again.count == once.count && Set(again) == Set(once), "records changed when written back twice: \(once) became \(again)")
    return 0
}

/// The records after saving `record`, or `nil` when the file is of a newer format (and then left as it was).
private func savedAndRead(_ record: BookingRecord, file: Data) -> [BookingRecord]? {
    do {
        try store.save(record)
    } catch {
        guard case .newerFormat = error else {
            check(false, "a file that reads cannot be saved: \(error)")
            return nil
        }
        check((try? Data(contentsOf: store.fileURL)) == file, "a file of a newer format was changed")
        return nil
    }
    do {
        return try store.records()
    } catch {
        check(false, "the file written cannot be read: \(error)")
        return nil
    }
}
