/// A base for Rill's per-subscription objects that are neither a `Sink` nor an
/// `Observable` (the shared core of merge, zip and combineLatest, the flatMap
/// family): counted in
/// `Resources.total` in debug builds, so the tests' leak check sees them.
@usableFromInline
class ResourceCounted {
    @usableFromInline
    init() {
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }
}
