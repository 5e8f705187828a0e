/// An object that is both an observable sequence and an observer: events sent to
/// it as an observer are delivered to its subscribers.
///
/// `PublishSubject`, `BehaviorSubject`, `ReplaySubject`, `AsyncSubject` and
/// `SerializedSubject` conform. Keep a subject private and expose
/// `asObservable()`, so that only its owner can send events or end the sequence.
public protocol SubjectType: ObservableType {
    /// The observer side of the subject: usually the subject's own type.
    associatedtype Observer: ObserverType

    /// The observer side of the subject.
    func asObserver() -> Observer
}
