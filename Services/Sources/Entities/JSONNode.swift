/// A value written by ``NodeEncoder``, kept until the whole document is known: keyed containers are filled in any
/// order and written sorted, so nothing can be written before the top-level value is done.
enum JSONNode {
    case string(String)
    case int(Int)
    /// A number's JSON text, as Foundation writes it.
    case number(String)
    case bool(Bool)
    case null
    case object(JSONObjectNode)
    case array(JSONArrayNode)
    /// A ``DuffelJSON/Fragment``'s compact bytes, copied as they are.
    case fragment([UInt8])
}

/// The members of an object, in the order they were encoded (a container holds a reference, as Foundation's does).
final class JSONObjectNode {
    var members: [(key: String, value: JSONNode)] = []
}

/// The elements of an array.
final class JSONArrayNode {
    var elements: [JSONNode] = []
}

/// Thrown on the fast path for anything it cannot promise to write as Foundation would; the value is then encoded
/// again by Foundation.
struct UnsupportedEncoding: Error {}
