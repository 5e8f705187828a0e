/// `multicast(_:selector:)`: per subscription, a subject, a connectable over it, the
/// selector's result subscribed, then the connectable connected.
// Sendable: immutable after init; each subscription keeps its own state.
final class MulticastSelectorObservable<Subject: SubjectType, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Subject.Observer.Element>
    private let subjectSelector: () throws -> Subject
    private let selector: (Observable<Subject.Element>) throws -> Observable<Result>

    init(
        source: Observable<Subject.Observer.Element>,
        subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        let connectable: MulticastConnectable<Subject>
        let result: Observable<Result>
        do {
            let subject = try subjectSelector()
            connectable = MulticastConnectable(source: source, makeSubject: { subject })
            result = try selector(connectable)
        } catch {
            sink.onError(error)
            return Disposables.create()
        }
        // The result's terminal event reaches the subscriber's end, which disposes
        // both; the source's own end also ends the connection by itself.
        let subscription = result.run(sink)
        let connection = connectable.connect()
        return Disposables.create(subscription, connection)
    }
}
