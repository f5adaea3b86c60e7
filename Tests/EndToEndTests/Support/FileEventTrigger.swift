import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
/// Acts the moment a file event happens in a directory: inotify tells a thread of its own, which runs the action at
/// once, with no polling and no guessing how long a write takes. A test arms it before starting the process it
/// watches, so no event is missed.
final class FileEventTrigger: Sendable {
    /// Which moment of a file's life to act on.
    enum Moment: String, Sendable, CaseIterable {
        /// The file was created (nothing written yet).
        case created
        /// A write to it finished (before it is flushed and closed).
        case written
        /// It was closed after writing (flushed, not yet renamed).
        case closed
        /// A file was renamed into the directory under this name.
        case renamedInto

        var mask: UInt32 {
            switch self {
            case .created: UInt32(IN_CREATE)
            case .written: UInt32(IN_MODIFY)
            case .closed: UInt32(IN_CLOSE_WRITE)
            case .renamedInto: UInt32(IN_MOVED_TO)
            }
        }
    }

    private let inotify: Int32
    private let stop: (read: Int32, write: Int32)
    private let fired = Latch<Bool>()

    /// Watches `directory`; on the `occurrence`th `moment` of a file whose name satisfies `matches`, runs `action`.
    /// With `perName`, only a name's first such moment counts (a file written in several pieces is one write).
    init(
        directory: URL, moment: Moment, occurrence: Int = 1, perName: Bool = false,
        matches: @escaping @Sendable (String) -> Bool, action: @escaping @Sendable () -> Void
    ) throws {
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { throw EndToEndFailure("inotify_init1: \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(inotify, directory.path, moment.mask) >= 0 else {
            close(inotify)
            throw EndToEndFailure("inotify_add_watch \(directory.path): \(String(cString: strerror(errno)))")
        }
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            close(inotify)
            throw EndToEndFailure("pipe: \(String(cString: strerror(errno)))")
        }
        stop = (descriptors[0], descriptors[1])
        let inotify = inotify
        let stopRead = stop.read
        let fired = fired
        Thread.detachNewThread {
            var seen = 0
            var names: Set<String> = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            watching: while true {
                var watched = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
                // Waits for either an event or `cancel()`; no timeout: both always come.
                if poll(&watched, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if watched[1].revents != 0 { break }
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                var offset = 0
                while offset < count {
                    let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                        let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = raw[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                        return (length, String(decoding: nameBytes, as: UTF8.self))
                    }
                    offset += 16 + length
                    if matches(name), !perName || names.insert(name).inserted {
                        seen += 1
                        if seen == occurrence {
                            action()
                            fired.set(true)
                            break watching
                        }
                    }
                }
            }
            fired.set(false)
        }
    }

    /// Whether the action has run.
    var hasFired: Bool { fired.value == true }

    /// Stops watching (the action will not run any more) and frees the descriptors once the thread has left.
    func cancel() async {
        var byte: UInt8 = 1
        _ = write(stop.write, &byte, 1)
        _ = await fired.wait(timeout: Timeouts.step)
        close(stop.write)
        close(stop.read)
        close(inotify)
    }
}
#endif
