// `SubjectObserverType`: RxSwift's name, inside each subject, for the type of the
// subject's observer side. Every Rill subject is its own observer.

extension PublishSubject {
    /// The type of the subject's observer side: the subject itself (`asObserver()` returns it).
    public typealias SubjectObserverType = PublishSubject<Element>
}

extension BehaviorSubject {
    /// The type of the subject's observer side: the subject itself (`asObserver()` returns it).
    public typealias SubjectObserverType = BehaviorSubject<Element>
}

extension ReplaySubject {
    /// The type of the subject's observer side: the subject itself (`asObserver()` returns it).
    public typealias SubjectObserverType = ReplaySubject<Element>
}

extension AsyncSubject {
    /// The type of the subject's observer side: the subject itself (`asObserver()` returns it).
    public typealias SubjectObserverType = AsyncSubject<Element>
}

extension SerializedSubject {
    /// The type of the subject's observer side: the subject itself (`asObserver()` returns it).
    public typealias SubjectObserverType = SerializedSubject<Element>
}
