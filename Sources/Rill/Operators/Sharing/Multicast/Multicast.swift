extension ObservableType {
    /// Shares one subscription to this sequence, made by `connect()`, through `subject`.
    ///
    /// Subscribers subscribe to `subject`; `connect()` subscribes `subject` to this
    /// sequence. The same subject serves every connection, so once the source ended,
    /// the subject has ended too, and later subscribers receive what it gives after
    /// its end (a `ReplaySubject`: its buffer and the end; a `PublishSubject`: the end).
    ///
    /// ```swift
    /// let log = ReplaySubject<String>.create(bufferSize: 10)
    /// let shared = messages.multicast(log)
    /// let connection = shared.connect()
    /// ```
    ///
    /// Threading: events reach the subscribers on the source's thread. No lock is
    /// held while subscribing, connecting, delivering or disposing.
    ///
    /// - Parameter subject: The subject that receives the source's events and that
    ///   subscribers join.
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
        where Subject.Observer.Element == Element {
        MulticastConnectable(source: asObservable(), makeSubject: { subject })
    }

    /// Shares one subscription to this sequence, made by `connect()`, through a subject
    /// that `makeSubject` creates for each connection.
    ///
    /// The subject is created when the first subscriber or the first `connect()`
    /// needs it. When the connection ends (it is disposed, or the source sends its
    /// terminal event), the subject is dropped: later subscribers and the next
    /// `connect()` get a fresh one.
    ///
    /// ```swift
    /// let shared = source.multicast(makeSubject: { PublishSubject<Int>() })
    /// ```
    ///
    /// Threading: `makeSubject` runs on the thread that subscribes or connects, outside
    /// any lock. When two threads need the first subject at once it may run twice;
    /// one result is used and the other released. A closure written in actor-isolated
    /// code is checked to run on that actor.
    ///
    /// - Parameters:
    ///   - makeSubject: Creates the subject of a connection.
    ///   - isolation: The caller's actor, found automatically (see `map`).
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject,
        isolation: isolated (any Actor)? = #isolation
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        guard let isolation else {
            return MulticastConnectable(source: asObservable(), makeSubject: makeSubject)
        }
        return MulticastConnectable(source: asObservable()) {
            IsolationCheck.verify(isolation, "multicast(makeSubject:)")
            return makeSubject()
        }
    }

    /// Shares one subscription to this sequence among the uses of it inside `selector`,
    /// separately for each subscriber.
    ///
    /// For each subscription, `subjectSelector` creates a subject and `selector`
    /// builds the result from the shared sequence; the result is subscribed, then
    /// the shared sequence is connected. When the result ends or the subscriber
    /// disposes, the connection is disposed. An error thrown by either closure is
    /// delivered as the result's error, and nothing is subscribed.
    ///
    /// ```swift
    /// // One subscription to `source` feeds both sides of the zip.
    /// let sums = source.multicast({ PublishSubject<Int>() }) { shared in
    ///     Observable.zip(shared, shared.skip(1)) { $0 + $1 }
    /// }
    /// ```
    ///
    /// Threading: both closures run on the subscribing thread.
    ///
    /// - Parameters:
    ///   - subjectSelector: Creates the subject of one subscription.
    ///   - selector: Builds the result from the shared sequence.
    ///   - isolation: The caller's actor, found automatically (see `map`).
    /// - Returns: The sequences that `selector` builds, one per subscription.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelectorObservable(
            source: asObservable(),
            subjectSelector: IsolationCheck.guarding(subjectSelector, isolation, "multicast(_:selector:)"),
            selector: IsolationCheck.guarding(selector, isolation, "multicast(_:selector:)")
        )
    }

    /// Shares one subscription to this sequence, made by `connect()`, through a
    /// `PublishSubject`: subscribers receive the elements sent while they are
    /// subscribed and the source is connected.
    ///
    /// ```
    /// source:                 --1--2--3--4--|
    /// connect() at 1.5, subscriber from 2.5:
    /// publish():                       3--4--|
    /// ```
    ///
    /// Each connection gets a fresh subject, so after the source ended, a new
    /// subscriber and a new `connect()` start afresh. Use `refCount()` to connect
    /// with the first subscriber and disconnect after the last one.
    ///
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func publish() -> ConnectableObservable<Element> {
        MulticastConnectable(source: asObservable(), makeSubject: { PublishSubject<Element>() })
    }

    /// Shares one subscription to this sequence, made by `connect()`, through a
    /// `ReplaySubject` that replays the last `bufferSize` elements to each new subscriber.
    ///
    /// Each connection gets a fresh subject (and so an empty buffer) once the
    /// previous connection was disposed or the source ended.
    ///
    /// - Parameter bufferSize: How many of the latest elements a new subscriber
    ///   receives first. Must not be negative.
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        MulticastConnectable(source: asObservable(), makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// Shares one subscription to this sequence, made by `connect()`, through a
    /// `ReplaySubject` that replays at most the last `bufferSize` elements, and of
    /// those only the ones received less than `window` ago, to each new subscriber.
    ///
    /// An addition beyond RxSwift (RxJava's `replay(bufferSize, time, unit,
    /// scheduler)`). The subject is `ReplaySubject.create(bufferSize:window:scheduler:)`:
    /// each element is stamped with `scheduler.now` when it arrives, and a new
    /// subscriber is replayed those whose age is less than `window` when it
    /// subscribes (an element exactly `window` old is not). Live elements are not
    /// affected. Each connection gets a fresh subject, as with `replay(_:)`.
    ///
    /// ```
    /// time (s):             0    1    2    3    4    5
    /// source:               a----b----c---------d----|
    /// replay(2, window: .seconds(2), scheduler: s), connected at 0,
    /// subscriber from 3.5:                   c--d----|   (b is 2.5 s old: too old)
    /// ```
    ///
    /// ```swift
    /// let recent = ticks.replay(5, window: .seconds(30), scheduler: MainScheduler.instance).refCount()
    /// ```
    ///
    /// A `window` of zero or less replays no element; `.never` is no time limit.
    ///
    /// - Parameters:
    ///   - bufferSize: The most elements a new subscriber receives first. Must not
    ///     be negative; `Int.max` lets only the window limit them.
    ///   - window: How long after it arrived an element is still replayed.
    ///   - scheduler: The clock that times the elements (only its `now` is read;
    ///     nothing is scheduled on it).
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func replay(
        _ bufferSize: Int, window: RxTimeInterval, scheduler: any SchedulerType
    ) -> ConnectableObservable<Element> {
        MulticastConnectable(source: asObservable()) {
            ReplaySubject<Element>.create(bufferSize: bufferSize, window: window, scheduler: scheduler)
        }
    }

    /// Shares one subscription to this sequence, made by `connect()`, through a
    /// `ReplaySubject` that replays every element of the connection to each new
    /// subscriber. The buffer grows without limit: use it only for short sequences.
    ///
    /// - Returns: A connectable observable; nothing is subscribed to this sequence
    ///   until its `connect()`.
    public func replayAll() -> ConnectableObservable<Element> {
        MulticastConnectable(source: asObservable(), makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}
