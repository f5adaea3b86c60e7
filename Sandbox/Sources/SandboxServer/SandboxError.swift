/// Why the sandbox could not start, or a setting could not be read.
public enum SandboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data directory could not be created.
    case cannotCreateDataDirectory(path: String, reason: String)
    /// The order store in the data directory could not be opened or migrated.
    case cannotOpenStore(path: String, reason: String)
    /// The server could not listen on the address.
    case cannotListen(host: String, port: Int, reason: String)
    /// A fault specification (flag, environment variable or header) could not be read.
    case invalidFaultSpecification(String, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .cannotCreateDataDirectory(let path, let reason):
            "The sandbox data directory \(path) could not be created (\(reason)). Choose a folder that can be written: FLIGHTS_DATA_DIR (or FLIGHTS_SANDBOX_DATA_DIR) for flights, --data-dir for flights-sandbox."
        case .cannotOpenStore(let path, let reason):
            "The sandbox store \(path) could not be opened (\(reason)). Check its permissions, or move it aside to start afresh."
        case .cannotListen(let host, let port, let reason):
            "The sandbox could not listen on \(host):\(port) (\(reason)). Choose another port with --port, or 0 for any free one."
        case .invalidFaultSpecification(let text, let reason):
            "The fault specification \"\(text)\" could not be read: \(reason). Example: latency=200ms,error=503@0.25,drop@0.1,seed=7"
        case .invalidConfiguration(let reason):
            "The sandbox configuration is not valid: \(reason)"
        }
    }
}
