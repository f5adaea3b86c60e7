import CCurl
import Foundation
import Synchronization

/// The limits and defaults a transfer needs from the client's configuration.
struct TransferSettings: Sendable {
    var connectTimeout: Duration
    var timeout: Duration
    var maxRedirects: Int
    var maxResponseBytes: Int
    var caFile: String?
    var userAgent: String
    /// Hosts reached directly even when a proxy is set in the environment: the environment's own `no_proxy`
    /// list plus loopback, so a local sandbox works behind a company proxy.
    var noProxy: String

    static func noProxyList(environment: [String: String]) -> String {
        let declared = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        let hosts = declared.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // "*" already means every host; anything else gains loopback.
        if hosts.contains("*") { return "*" }
        return (hosts + ["localhost", "127.0.0.1", "::1"]).joined(separator: ",")
    }
}

/// What one finished transfer produced, handed from the loop thread back to the caller.
struct TransferResult: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
    var effectiveURL: String?
    var redirectCount: Int
}

/// One request's libcurl easy handle, buffers and hand-off state.
///
/// Thread ownership: the caller's task configures the easy handle, then hands the transfer to the loop
/// thread through the engine's locked inbox; from then on only the loop thread touches the handle and the
/// buffers, until it delivers the result. The hand-off lives in `state`, behind a lock, because the result,
/// the caller's continuation and a cancellation can each arrive from a different thread; whoever moves `state`
/// to `.finished` is the one who delivers the result, so it is delivered exactly once.
final class CurlTransfer: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<Result<TransferResult, HTTPClientError>, Never>

    private enum State {
        /// Configured, not yet handed to the loop.
        case created
        /// Handed to the loop; the caller has not suspended yet.
        case submitted
        /// The caller is suspended on this continuation.
        case waiting(Continuation)
        /// The loop finished before the caller suspended; the caller takes the result.
        case completed(Result<TransferResult, HTTPClientError>)
        case cancelledBeforeStart
        case finished
    }

    let request: HTTPRequest
    let settings: TransferSettings
    private let state = Mutex<State>(.created)

    // Loop-thread (or, before submission, caller) state.
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body = Data()
    private var headers = HTTPHeaders()
    private var receivedBytes = 0
    private var reserved = false
    private(set) var exceededLimit = false
    /// Set on the loop thread when a cancellation arrives before the transfer was added.
    var cancelRequested = false

    init(request: HTTPRequest, settings: TransferSettings, easy: UnsafeMutableRawPointer) {
        self.request = request
        self.settings = settings
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        if let headerList { curl_slist_free_all(headerList) }
        if let easy { curl_easy_cleanup(easy) }
        errorBuffer.deallocate()
    }

    // MARK: Hand-off

    /// Marks the transfer as handed to the loop; returns `false` if the task was cancelled before this point
    /// (the transfer must then not be submitted, and the caller gets `.cancelled`).
    func start() -> Bool {
        state.withLock { state -> Bool in
            if case .cancelledBeforeStart = state {
                state = .finished
                return false
            }
            state = .submitted
            return true
        }
    }

    /// Suspends the caller until the result arrives (at once if it already has).
    func install(_ continuation: Continuation) {
        let ready = state.withLock { state -> Result<TransferResult, HTTPClientError>? in
            switch state {
            case .completed(let result):
                state = .finished
                return result
            case .submitted:
                state = .waiting(continuation)
                return nil
            case .created, .waiting, .cancelledBeforeStart, .finished:
                // Not reachable: install follows a successful start, once, and only the caller leaves
                // .completed. Answering keeps the continuation from leaking if that ever changes.
                return .failure(.transport(code: 0, message: "internal error: transfer resumed twice"))
            }
        }
        if let ready {
            continuation.resume(returning: ready)
        }
    }

    /// Records a cancellation; returns `true` if the transfer is already submitted and the loop must abort it.
    func markCancelled() -> Bool {
        state.withLock { state in
            switch state {
            case .created:
                state = .cancelledBeforeStart
                return false
            case .submitted, .waiting:
                return true
            case .completed, .cancelledBeforeStart, .finished:
                return false
            }
        }
    }

    /// Delivers `result` to the caller unless that already happened.
    func finish(_ result: Result<TransferResult, HTTPClientError>) {
        let continuation = state.withLock { state -> Continuation? in
            switch state {
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .submitted:
                state = .completed(result)
                return nil
            case .created, .completed, .cancelledBeforeStart, .finished:
                return nil
            }
        }
        continuation?.resume(returning: result)
    }

    /// Gives up ownership of the easy handle (so it can be reused) after the transfer ended.
    func releaseHandle() -> UnsafeMutableRawPointer? {
        defer { easy = nil }
        return easy
    }

    // MARK: Configuration

    /// Sets every option this request needs; each result is checked, as an unchecked failure would silently
    /// drop a limit (a timeout, a protocol restriction).
    func configure() throws(HTTPClientError) {
        guard let easy else { throw .transport(code: 0, message: "no libcurl handle") }
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        let request = request
        let url = request.url.absoluteString

        try check(ccurl_easy_setopt_string(easy, CURLOPT_URL, url), "URL")
        try check(ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        try check(ccurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "REDIR_PROTOCOLS_STR")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, curlHTTPWriteCallback), "WRITEFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, unmanaged), "WRITEDATA")
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, curlHTTPHeaderCallback), "HEADERFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, unmanaged), "HEADERDATA")
        // An empty string asks for every encoding libcurl can decode, and makes it decode transparently.
        try check(ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "ACCEPT_ENCODING")
        // Redirects are followed by HTTPClient, which decides each one (RedirectPolicy): libcurl would send a
        // POST's body again to wherever a 307 or 308 points.
        try check(ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        let total = request.timeout ?? settings.timeout
        let connect = request.connectTimeout ?? settings.connectTimeout
        try check(ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(total.milliseconds, 1)), "TIMEOUT_MS")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(connect.milliseconds, 1)), "CONNECTTIMEOUT_MS")
        // The size cap lives in the write callback, not in MAXFILESIZE_LARGE: libcurl applies that to every
        // Content-Length it sees (a HEAD, a redirect's discarded body) and would refuse answers within the cap.
        try check(ccurl_easy_setopt_string(easy, CURLOPT_NOPROXY, settings.noProxy), "NOPROXY")
        // A 64 KiB receive buffer (the default is 16 KiB) cut the callbacks per large response, measured ~1.5x on 50 KB.
        try check(ccurl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, 64 * 1024), "BUFFERSIZE")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1), "TCP_KEEPALIVE")
        try check(ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, settings.userAgent), "USERAGENT")
        // Verification stays on whatever happens; only the trusted roots can change.
        try check(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1), "SSL_VERIFYPEER")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2), "SSL_VERIFYHOST")
        if let caFile = settings.caFile {
            try check(ccurl_easy_setopt_string(easy, CURLOPT_CAINFO, caFile), "CAINFO")
        }

        try configureMethodAndBody(easy)

        var list: UnsafeMutablePointer<curl_slist>?
        for field in request.headers {
            // libcurl sends "Name;" as a header with an empty value; "Name:" would delete the header instead.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            guard let appended = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory building the header list")
            }
            list = appended
        }
        if request.body != nil || request.method == .post {
            // "Name:" removes a header libcurl would add on its own. Without these, bodies over 1 MiB wait for a
            // "100 Continue" many servers never send, and every body is labelled as a form.
            for (name, line) in [("Expect", "Expect:"), ("Content-Type", "Content-Type:")]
            where !request.headers.contains(name: name) {
                guard let appended = curl_slist_append(list, line) else {
                    if let list { curl_slist_free_all(list) }
                    throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory building the header list")
                }
                list = appended
            }
        }
        headerList = list
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list), "HTTPHEADER")
    }

    private func configureMethodAndBody(_ easy: UnsafeMutableRawPointer) throws(HTTPClientError) {
        let method = request.method
        if let body = request.body {
            try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), "POSTFIELDSIZE_LARGE")
            // COPYPOSTFIELDS copies now, so the body need not outlive this call.
            let code = body.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
                } else {
                    ccurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
                }
            }
            try check(code, "COPYPOSTFIELDS")
            if method != .post {
                try check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.rawValue), "CUSTOMREQUEST")
            }
            return
        }
        switch method {
        case .get:
            try check(ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "HTTPGET")
        case .head:
            try check(ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1), "NOBODY")
        case .post:
            try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, 0), "POSTFIELDSIZE_LARGE")
            try check(ccurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""), "COPYPOSTFIELDS")
        default:
            try check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.rawValue), "CUSTOMREQUEST")
        }
    }

    private func check(_ code: CURLcode, _ option: String) throws(HTTPClientError) {
        guard code == CURLE_OK else {
            throw .transport(
                code: Int(code.rawValue),
                message: "setting CURLOPT_\(option) failed: \(String(cString: curl_easy_strerror(code)))"
            )
        }
    }

    private func clampedLong(_ value: Int) -> Int {
        min(max(value, 0), Int(Int32.max))
    }

    // MARK: Callbacks (loop thread)

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if receivedBytes + bytes.count > settings.maxResponseBytes {
            // MAXFILESIZE only sees Content-Length; this catches chunked and decompressed bodies.
            exceededLimit = true
            return ccurl_writefunc_error()
        }
        if !reserved {
            reserved = true
            var length: curl_off_t = -1
            if let easy, ccurl_easy_getinfo_off_t(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK,
                length > 0
            {
                // Growing a 50 KB body by doubling cost measurable time; one reservation avoids the copies.
                body.reserveCapacity(min(Int(length), settings.maxResponseBytes))
            }
        }
        receivedBytes += bytes.count
        if let base = bytes.baseAddress {
            body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        return bytes.count
    }

    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        let count = bytes.count
        // Each status line starts a new response (a redirect, a 1xx); only the final one's headers are kept.
        if count >= 5, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"), bytes[2] == UInt8(ascii: "T"),
            bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/")
        {
            headers = HTTPHeaders()
            body.removeAll(keepingCapacity: true)
            receivedBytes = 0
            reserved = false
            return count
        }
        var end = count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        guard end > 0 else { return count }
        if bytes[0] == 0x20 || bytes[0] == 0x09 {
            // Obsolete line folding: the line continues the previous value.
            if let last = headers.removeLast() {
                let continuation = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
                headers.add(name: last.name, value: last.value + " " + trimmed(continuation))
            }
            return count
        }
        guard let colon = bytes[0..<end].firstIndex(of: UInt8(ascii: ":")) else { return count }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<colon]), as: UTF8.self)
        var valueStart = colon + 1
        while valueStart < end, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
        var valueEnd = end
        while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
        headers.add(name: name, value: value)
        return count
    }

    private func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    // MARK: Completion (loop thread)

    /// Turns libcurl's result code and the collected data into the caller's result.
    func result(for code: CURLcode) -> Result<TransferResult, HTTPClientError> {
        guard let easy else { return .failure(.transport(code: 0, message: "no libcurl handle")) }
        var effective: UnsafePointer<CChar>?
        let effectiveURL: String? =
            ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective) == CURLE_OK
            ? effective.map { String(cString: $0) } : nil
        guard code == CURLE_OK else {
            return .failure(error(for: code, effectiveURL: effectiveURL))
        }
        var status = 0
        var redirects = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_REDIRECT_COUNT, &redirects)
        return .success(
            TransferResult(status: status, headers: headers, body: body, effectiveURL: effectiveURL, redirectCount: redirects)
        )
    }

    /// New connections this transfer opened.
    var connectionsOpened: Int {
        guard let easy else { return 0 }
        var count = 0
        return ccurl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &count) == CURLE_OK ? count : 0
    }

    private func error(for code: CURLcode, effectiveURL: String?) -> HTTPClientError {
        let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
        let host = effectiveURL.flatMap { URL(string: $0)?.host } ?? request.url.host ?? "the server"
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL where detail.contains("HTTP/0.9"), CURLE_WEIRD_SERVER_REPLY:
            // Something answered on the port, but not in HTTP (an SSH or mail server, a wrong port).
            return .transport(
                code: Int(code.rawValue),
                message: "\(host) answered, but not in HTTP; check the address and the port")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedScheme(Self.scheme(inCurlMessage: detail) ?? effectiveURL.flatMap { URL(string: $0)?.scheme } ?? "unknown")
        case CURLE_URL_MALFORMAT:
            return .invalidURL(redacted(effectiveURL ?? request.url.absoluteString))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotConnect(host: host, reason: "the host name could not be resolved")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotConnect(host: host, reason: "the proxy's host name could not be resolved")
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect(host: host, reason: detail)
        case CURLE_OPERATION_TIMEDOUT:
            // Only a request that never went out is a connection failure (and safe to send again). The connect
            // time is no guide: it reads 0 on a reused connection too, where the request was sent and the server
            // is merely slow.
            var sentBytes = 0
            if let easy, ccurl_easy_getinfo_long(easy, CURLINFO_REQUEST_SIZE, &sentBytes) == CURLE_OK, sentBytes == 0 {
                let limit = min(request.connectTimeout ?? settings.connectTimeout, request.timeout ?? settings.timeout)
                return .cannotConnect(host: host, reason: "no connection within \(limit.readable)")
            }
            return .timedOut(after: request.timeout ?? settings.timeout)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: settings.maxRedirects)
        case CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge(limit: settings.maxResponseBytes)
        case CURLE_WRITE_ERROR where exceededLimit:
            return .responseTooLarge(limit: settings.maxResponseBytes)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            return .tls(detail)
        default:
            return .transport(code: Int(code.rawValue), message: detail)
        }
    }

    /// libcurl names a refused scheme in quotes: `Protocol "ftp" not supported or disabled in libcurl`.
    static func scheme(inCurlMessage message: String) -> String? {
        let parts = message.split(separator: "\"", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[1].isEmpty, parts[1].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        return parts[1].lowercased()
    }
}

/// The URL with any user-info removed, safe for logs and error messages.
func redacted(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.user != nil || components.password != nil else {
        return url
    }
    components.user = nil
    components.password = nil
    return components.string ?? url
}

// C callbacks cannot capture context; the transfer arrives through libcurl's user-data pointer.
private func curlHTTPWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return ccurl_writefunc_error() }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

private func curlHTTPHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
}
