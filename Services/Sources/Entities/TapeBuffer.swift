/// A growable run of plain values in memory the tape owns: appending checks only the capacity, and reading needs
/// neither a bounds-checked array nor an exclusivity check. Its owner frees it with ``free()``.
struct TapeBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Appends `element` and gives its index.
    @inline(__always) @discardableResult mutating func append(_ element: Element) -> Int {
        if count == capacity { grow() }
        base[count] = element
        count += 1
        return count - 1
    }

    /// Drops the last `n` elements.
    @inline(__always) mutating func removeLast(_ n: Int) { count -= n }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    func free() { base.deallocate() }
}
