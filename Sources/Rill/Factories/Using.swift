extension ObservableType {
    /// Creates a resource for each subscription and the sequence that uses it; the
    /// resource is disposed when the subscription ends.
    ///
    /// At each subscription `resourceFactory` runs, then `observableFactory` with its
    /// resource, and the sequence it returns is subscribed. When that sequence ends
    /// (or the subscription is disposed) its subscription is disposed, then the
    /// resource. An error either factory throws becomes the error event (the resource,
    /// if made, is still disposed). Both factories run on the subscribing thread.
    ///
    /// ```swift
    /// let rows = Observable.using({ try Database.open(path) }) { database in
    ///     database.rows(matching: query)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource a subscription uses.
    ///   - observableFactory: Makes the sequence for a subscription, given its resource.
    ///   - isolation: The caller's actor, found automatically (see `map`). Pass `nil`
    ///     to hand over factories that are not isolated to it.
    /// - Returns: The events of the sequence `observableFactory` makes.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let makeResource = IsolationCheck.guarding(resourceFactory, isolation, "using(_:observableFactory:)")
        let makeObservable = IsolationCheck.guarding(observableFactory, isolation, "using(_:observableFactory:)")
        return UsingObservable(makeResource: makeResource, makeObservable: makeObservable)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class UsingObservable<Element, Resource: Disposable>: Observable<Element>, @unchecked Sendable {
    private let makeResource: () throws -> Resource
    private let makeObservable: (Resource) throws -> Observable<Element>

    init(makeResource: @escaping () throws -> Resource, makeObservable: @escaping (Resource) throws -> Observable<Element>) {
        self.makeResource = makeResource
        self.makeObservable = makeObservable
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let resource: Resource
        do {
            resource = try makeResource()
        } catch {
            return Observable<Element>.error(error).run(sink)
        }
        let subscription: any Disposable
        do {
            subscription = try makeObservable(resource).run(sink)
        } catch {
            subscription = Observable<Element>.error(error).run(sink)
        }
        return Disposables.create(subscription, resource)
    }
}
