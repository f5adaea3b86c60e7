import CCurl
import Foundation
import Synchronization

/// Runs every transfer of one client on a dedicated thread that owns a libcurl multi handle.
///
/// Why a thread and not the cooperative pool: blocking libcurl calls on Swift's few pool threads starved every
/// other task (a 50 ms sleep took 26 s behind 200 hanging requests). Here one thread sleeps in
/// `curl_multi_poll`; other threads only touch the locked inbox and, if the loop is asleep, write to a wake-up
/// descriptor the loop polls besides libcurl's sockets. That descriptor (not `curl_multi_wakeup`) is used so the
/// write can happen outside the lock: `curl_multi_wakeup` is unsafe after `curl_multi_cleanup`, so it would
/// have to be called under the lock, and the woken loop then blocked on that lock (measured: 7% of the time in
/// the mutex's slow path, one at a time). The descriptor lives as long as the engine, so no write can outlive it.
final class CurlEngine: @unchecked Sendable {
    private enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
    }

    private struct Inbox {
        var commands: [Command] = []
        /// The loop is in (or about to enter) `curl_multi_poll` and needs a wake-up to see new commands.
        var sleeping = false
        var closing = false
        var finished = false
        var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let multi: UnsafeMutableRawPointer
    private let wakeFDs: (read: Int32, write: Int32)
    private let inbox = Mutex(Inbox())
    /// An idle easy handle; only one thread holds it at a time, as it moves from the pool to one transfer.
    private struct IdleHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    /// Easy handles from successful transfers, reset for reuse (creating one costs an allocation storm).
    private let idleHandles = Mutex<[IdleHandle]>([])
    private let maxIdleHandles: Int
    let metrics: Mutex<HTTPClientMetrics>

    /// Loop-thread state: transfers added to the multi handle, by easy handle.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    init(maxConnections: Int) throws(HTTPClientError) {
        // Every step that can fail comes before the last stored property is set: a class whose initializer
        // throws after that point runs its deinit, which would close the descriptors a second time.
        guard let multi = curl_multi_init() else {
            throw .transport(code: 0, message: "libcurl could not create a multi handle (out of memory?)")
        }
        let connections = min(max(maxConnections, 1), Int(Int32.max))
        // Without an explicit cache size libcurl sizes it from the transfers in flight, so it shrinks as a
        // burst drains and connections churn under concurrency.
        let code = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, connections)
        guard code == CURLM_OK else {
            curl_multi_cleanup(multi)
            throw .transport(code: Int(code.rawValue), message: "setting CURLMOPT_MAXCONNECTS failed: \(String(cString: curl_multi_strerror(code)))")
        }
        var fds: [Int32] = [-1, -1]
        guard ccurl_wakeup_open(&fds) == 0 else {
            let error = errno
            curl_multi_cleanup(multi)
            throw .transport(code: 0, message: "could not create the transfer thread's wake-up descriptor (errno \(error))")
        }
        self.multi = multi
        maxIdleHandles = connections
        metrics = Mutex(HTTPClientMetrics())
        wakeFDs = (fds[0], fds[1])
        let thread = Thread { [self] in run() }
        thread.name = "CurlHTTP multi"
        thread.start()
    }

    deinit {
        // Only reached once the loop thread (which holds the engine) has exited and no caller holds it either,
        // so nobody can still write to the descriptor.
        closeWakeFDs()
    }

    private func closeWakeFDs() {
        var fds: [Int32] = [wakeFDs.read, wakeFDs.write]
        ccurl_wakeup_close(&fds)
    }

    // MARK: Caller side

    /// An easy handle for a new transfer: a reset idle one, or a new one.
    func makeEasyHandle() -> UnsafeMutableRawPointer? {
        if let handle = idleHandles.withLock({ $0.popLast() }) {
            return handle.pointer
        }
        return curl_easy_init()
    }

    /// Hands a started transfer to the loop, which delivers its result when done.
    func submit(_ transfer: CurlTransfer) {
        let (accepted, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.closing else { return (false, false) }
            inbox.commands.append(.add(transfer))
            return (true, takeSleeping(&inbox))
        }
        if wake {
            ccurl_wakeup_signal(wakeFDs.write)
        }
        if !accepted {
            transfer.finish(.failure(.shutDown))
        }
    }

    /// Asks the loop to abort a submitted transfer.
    func cancel(_ transfer: CurlTransfer) {
        let wake = inbox.withLock { inbox -> Bool in
            guard !inbox.closing else { return false }
            inbox.commands.append(.cancel(transfer))
            return takeSleeping(&inbox)
        }
        if wake {
            ccurl_wakeup_signal(wakeFDs.write)
        }
    }

    /// Whether the caller must wake the loop; only the first caller after the loop fell asleep has to.
    private func takeSleeping(_ inbox: inout Inbox) -> Bool {
        defer { inbox.sleeping = false }
        return inbox.sleeping
    }

    /// Stops the loop: running transfers end with `.shutDown`. Returns once the thread has let go of libcurl.
    func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = inbox.withLock { inbox -> Bool in
                if inbox.finished { return true }
                inbox.shutdownWaiters.append(continuation)
                inbox.closing = true
                return false
            }
            if done {
                continuation.resume()
            } else {
                ccurl_wakeup_signal(wakeFDs.write)
            }
        }
    }

    /// Stops the loop without waiting (for `deinit`).
    func beginShutdown() {
        inbox.withLock { $0.closing = true }
        ccurl_wakeup_signal(wakeFDs.write)
    }

    // MARK: Loop thread

    private func run() {
        var running: Int32 = 0
        var wake = curl_waitfd(fd: wakeFDs.read, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        while true {
            let (commands, closing) = inbox.withLock { inbox -> ([Command], Bool) in
                defer { inbox.commands.removeAll(keepingCapacity: true) }
                return (inbox.commands, inbox.closing)
            }
            for command in commands {
                switch command {
                case .add(let transfer): add(transfer)
                case .cancel(let transfer): abort(transfer)
                }
            }
            if closing { break }
            curl_multi_perform(multi, &running)
            collectFinished()
            let maySleep = inbox.withLock { inbox -> Bool in
                guard inbox.commands.isEmpty, !inbox.closing else { return false }
                inbox.sleeping = true
                return true
            }
            guard maySleep else { continue }
            // A wake-up written after `sleeping` was set makes the descriptor readable, so poll returns at once
            // even if the write came before the call. The timeout only bounds the sleep; libcurl shortens it to
            // its own next timer.
            wake.revents = 0
            curl_multi_poll(multi, &wake, 1, 1000, nil)
            inbox.withLock { $0.sleeping = false }
            if wake.revents != 0 {
                ccurl_wakeup_drain(wakeFDs.read)
            }
        }
        close()
    }

    private func add(_ transfer: CurlTransfer) {
        if transfer.cancelRequested {
            metrics.withLock { $0.cancellations += 1 }
            transfer.finish(.failure(.cancelled))
            return
        }
        guard let easy = transfer.easy else {
            transfer.finish(.failure(.transport(code: 0, message: "transfer has no libcurl handle")))
            return
        }
        let code = curl_multi_add_handle(multi, easy)
        guard code == CURLM_OK else {
            transfer.finish(.failure(.transport(code: Int(code.rawValue), message: String(cString: curl_multi_strerror(code)))))
            return
        }
        active[easy] = transfer
        metrics.withLock { $0.activeTransfers += 1 }
    }

    private func abort(_ transfer: CurlTransfer) {
        guard let easy = transfer.easy, active.removeValue(forKey: easy) != nil else {
            // A cancellation can overtake its own add in the inbox (the task is cancelled between
            // `CurlTransfer.start()` and `submit`); the flag makes the later add end at once. For a transfer
            // that already finished the flag is never read.
            transfer.cancelRequested = true
            return
        }
        curl_multi_remove_handle(multi, easy)
        let connections = transfer.connectionsOpened
        metrics.withLock {
            $0.activeTransfers -= 1
            $0.transfers += 1
            $0.cancellations += 1
            $0.connectionsOpened += connections
        }
        // The handle was interrupted mid-transfer; a fresh one is safer than resetting it.
        transfer.finish(.failure(.cancelled))
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active.removeValue(forKey: easy)
            else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            let result = transfer.result(for: code)
            let connections = transfer.connectionsOpened
            metrics.withLock {
                $0.activeTransfers -= 1
                $0.transfers += 1
                $0.connectionsOpened += connections
            }
            // libcurl 7.88.1 leaves some handles unusable after a failure (BUFFERSIZE fails after a DNS
            // error), so only handles from successful transfers are recycled.
            if code == CURLE_OK, let handle = transfer.releaseHandle() {
                recycle(handle)
            }
            transfer.finish(result)
        }
    }

    private func recycle(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        let kept = idleHandles.withLock { idle -> Bool in
            guard idle.count < maxIdleHandles else { return false }
            idle.append(IdleHandle(pointer: handle))
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }

    private func close() {
        for (easy, transfer) in active {
            curl_multi_remove_handle(multi, easy)
            transfer.finish(.failure(.shutDown))
        }
        let abandoned = active.count
        active.removeAll()
        metrics.withLock {
            $0.activeTransfers -= abandoned
            $0.transfers += abandoned
        }
        let (leftovers, waiters) = inbox.withLock { inbox -> ([Command], [CheckedContinuation<Void, Never>]) in
            inbox.finished = true
            defer {
                inbox.commands.removeAll()
                inbox.shutdownWaiters.removeAll()
            }
            return (inbox.commands, inbox.shutdownWaiters)
        }
        for case .add(let transfer) in leftovers {
            transfer.finish(.failure(.shutDown))
        }
        curl_multi_cleanup(multi)
        let idle = idleHandles.withLock { idle -> [IdleHandle] in
            defer { idle.removeAll() }
            return idle
        }
        for handle in idle {
            curl_easy_cleanup(handle.pointer)
        }
        for waiter in waiters {
            waiter.resume()
        }
    }
}
