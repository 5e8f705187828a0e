/// A growable buffer of elements in raw storage.
///
/// `BlockingSubscription` appends one element per event from unspecialised generic
/// code, where `Array<Element>.append` would look up the array type's metadata at
/// run time on every call; pointer operations only need `Element`'s own metadata,
/// which the class already carries.
final class ElementBuffer<Element> {
    // Touched only under the owner's lock.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements, in the order they were appended.
    var elements: [Element] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
