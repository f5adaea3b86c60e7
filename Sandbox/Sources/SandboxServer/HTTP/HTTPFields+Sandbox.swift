import HTTPTypes

/// Setting the sandbox's own headers by name. Every name passed here is a constant of the sandbox; one that
/// HTTPTypes would refuse is skipped rather than trapped on.
extension HTTPFields {
    /// Sets `name` to `value`, in the place the field already has, or last.
    mutating func set(_ name: String, _ value: String) {
        if let field = HTTPField.Name(name) { self[field] = value }
    }

    /// Puts `fields` first, in their order, ahead of those already there: the sandbox's headers lead an answer
    /// (`x-request-id`, then the rate limit), as they are decided before the endpoint writes its own.
    mutating func prepend(_ fields: [(name: String, value: String)]) {
        let parsed = fields.compactMap { name, value in HTTPField.Name(name).map { HTTPField(name: $0, value: value) } }
        insert(contentsOf: parsed, at: startIndex)
    }
}
