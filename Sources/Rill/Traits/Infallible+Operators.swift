// Infallible's operators. Each one applies the Observable operator of the same
// name to the wrapped observable and re-wraps the result (`lift`): a trait never
// has sinks of its own. Their closures cannot throw where RxSwift's cannot; where
// RxSwift's Infallible accepts a throwing closure (key selectors, comparers,
// predicates of take and skip) or a fallible inner sequence (flatMap, concat), an
// error still ends the subscription and is reported in debug builds, as for
// `Infallible.deferred`.

extension InfallibleType {
    /// The Observable operator `operation` applied to this sequence, as an
    /// `Infallible` again. The caller vouches that `operation` adds no error.
    @usableFromInline
    func lift<Result>(_ operation: (Observable<Element>) -> Observable<Result>) -> Infallible<Result> {
        Infallible<Result>(operation(asObservable()))
    }
}

// MARK: - Transforming

extension InfallibleType {
    /// Transforms each element with `transform`, keeping the guarantee of no errors:
    /// `transform` cannot throw.
    ///
    /// `transform` runs on the thread that delivers the element; written in
    /// actor-isolated code, it is checked as `Observable.map`'s is.
    ///
    /// ```
    /// source:          -1-2-3|
    /// map { $0 * 10 }: -10-20-30|
    /// ```
    @_alwaysEmitIntoClient
    public func map<Result>(
        _ transform: @escaping (Element) -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Result> {
        lift { $0.map(transform, isolation: isolation) }
    }

    /// Transforms each element with `transform` and emits the non-`nil` results.
    ///
    /// ```
    /// source:                  -"1"-"x"-"3"|
    /// compactMap { Int($0) }:  -1-------3|
    /// ```
    @_alwaysEmitIntoClient
    public func compactMap<Result>(
        _ transform: @escaping (Element) -> Result?, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Result> {
        lift { $0.compactMap(transform, isolation: isolation) }
    }

    /// Emits each accumulated value: `accumulator` updates `seed` in place with each
    /// element.
    ///
    /// ```
    /// source:                              -1-2-3|
    /// scan(into: 0) { $0 += $1 }:          -1-3-6|
    /// ```
    @_alwaysEmitIntoClient
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Seed> {
        lift { $0.scan(into: seed, accumulator: accumulator, isolation: isolation) }
    }

    /// Emits each accumulated value: `accumulator` combines the previous value
    /// (first `seed`) with each element.
    ///
    /// ```
    /// source:                   -1-2-3|
    /// scan(0) { $0 + $1 }:      -1-3-6|
    /// ```
    @_alwaysEmitIntoClient
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Seed> {
        lift { $0.scan(seed, accumulator: accumulator, isolation: isolation) }
    }

    /// Emits `element` first, then the source's elements.
    ///
    /// ```
    /// source:         ---1-2|
    /// startWith(0):   0--1-2|
    /// ```
    @_alwaysEmitIntoClient
    public func startWith(_ element: Element) -> Infallible<Element> {
        lift { $0.startWith(element) }
    }

    /// Pairs each element with `obj`, held weakly: once `obj` is gone the sequence
    /// completes. See `Observable.withUnretained(_:resultSelector:)`.
    @_alwaysEmitIntoClient
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Out> {
        lift { $0.withUnretained(obj, resultSelector: resultSelector, isolation: isolation) }
    }

    /// Pairs each element with `obj`, held weakly: once `obj` is gone the sequence
    /// completes.
    @_alwaysEmitIntoClient
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        lift { $0.withUnretained(obj) }
    }
}

// MARK: - Flattening

extension InfallibleType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// The result completes when the source and every inner sequence have
    /// completed. Return an `Infallible` (or a sequence that never fails): an
    /// inner error would end the result. See `Observable.flatMap`.
    ///
    /// ```
    /// source:                 -1-----2-----|
    /// flatMap { [x, x] }:     -1-1---2-2---|
    /// ```
    @_alwaysEmitIntoClient
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Source.Element> {
        lift { $0.flatMap(selector, isolation: isolation) }
    }

    /// Maps each element to a sequence and emits only the latest one's elements,
    /// disposing the previous inner subscription. See `Observable.flatMapLatest`.
    ///
    /// ```
    /// source:         -a----b---|
    /// inner a:         -1-2-3
    /// inner b:              -9--|
    /// flatMapLatest:  --1-2--9--|
    /// ```
    @_alwaysEmitIntoClient
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Source.Element> {
        lift { $0.flatMapLatest(selector, isolation: isolation) }
    }

    /// Maps an element to a sequence only while no earlier inner sequence is
    /// running; elements that arrive meanwhile are dropped. See
    /// `Observable.flatMapFirst`.
    @_alwaysEmitIntoClient
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Source.Element> {
        lift { $0.flatMapFirst(selector, isolation: isolation) }
    }

    /// Maps each element to a sequence and emits their elements one sequence after
    /// another, in source order. See `Observable.concatMap`.
    @_alwaysEmitIntoClient
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Source.Element> {
        lift { $0.concatMap(selector, isolation: isolation) }
    }
}

// MARK: - Filtering

extension InfallibleType {
    /// Emits only the elements for which `predicate` returns true; `predicate`
    /// cannot throw.
    ///
    /// `predicate` runs on the thread that delivers the element; written in
    /// actor-isolated code, it is checked as `Observable.filter`'s is.
    ///
    /// ```
    /// source:                 -1-2-3-4|
    /// filter { $0 % 2 == 0 }: ---2---4|
    /// ```
    @_alwaysEmitIntoClient
    public func filter(
        _ predicate: @escaping (Element) -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.filter(predicate, isolation: isolation) }
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```
    /// source:                 -1-1-2-2-1|
    /// distinctUntilChanged(): -1---2---1|
    /// ```
    @_alwaysEmitIntoClient
    public func distinctUntilChanged() -> Infallible<Element> {
        lift { $0.distinctUntilChanged() }
    }
}

extension InfallibleType {
    /// Drops each element whose key, from `keySelector`, equals the previous one's.
    @_alwaysEmitIntoClient
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.distinctUntilChanged(keySelector, isolation: isolation) }
    }

    /// Drops each element that `comparer` says equals the previous one.
    @_alwaysEmitIntoClient
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.distinctUntilChanged(comparer, isolation: isolation) }
    }

    /// Drops each element whose key, from `keySelector`, `comparer` says equals the
    /// previous one's.
    @_alwaysEmitIntoClient
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K, comparer: @escaping (K, K) throws -> Bool, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.distinctUntilChanged(keySelector, comparer: comparer, isolation: isolation) }
    }

    /// Drops each element whose property at `keyPath` equals the previous one's.
    @_alwaysEmitIntoClient
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        lift { $0.distinctUntilChanged(at: keyPath) }
    }

    /// Emits the first `count` elements, then completes.
    ///
    /// ```
    /// source:   -1-2-3-4|
    /// take(2):  -1-2|
    /// ```
    @_alwaysEmitIntoClient
    public func take(_ count: Int) -> Infallible<Element> {
        lift { $0.take(count) }
    }

    /// Emits the elements produced within `duration` of subscribing, then completes.
    @_alwaysEmitIntoClient
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        lift { $0.take(for: duration, scheduler: scheduler) }
    }

    /// Emits elements until `other` emits an element, then completes.
    ///
    /// ```
    /// source:             -1-2-3-4|
    /// other:              -----x
    /// take(until: other): -1-2-|
    /// ```
    @_alwaysEmitIntoClient
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        lift { $0.take(until: other.asObservable()) }
    }

    /// Emits elements until `other` emits an element, then completes. An error from
    /// `other` would end the result; prefer an `Infallible` trigger.
    @_alwaysEmitIntoClient
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        lift { $0.take(until: other) }
    }

    /// Emits elements until `predicate` returns true for one, then completes;
    /// `behavior` says whether that element is emitted.
    @_alwaysEmitIntoClient
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.take(until: predicate, behavior: behavior, isolation: isolation) }
    }

    /// Emits elements while `predicate` returns true, then completes; `behavior`
    /// says whether the first element that fails it is emitted.
    ///
    /// ```
    /// source:                   -1-2-3-1|
    /// take(while: { $0 < 3 }):  -1-2-|
    /// ```
    @_alwaysEmitIntoClient
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.take(while: predicate, behavior: behavior, isolation: isolation) }
    }

    /// Drops the first `count` elements.
    ///
    /// ```
    /// source:   -1-2-3|
    /// skip(2):  -----3|
    /// ```
    @_alwaysEmitIntoClient
    public func skip(_ count: Int) -> Infallible<Element> {
        lift { $0.skip(count) }
    }

    /// Drops elements while `predicate` returns true, then emits the rest.
    @_alwaysEmitIntoClient
    public func skip(
        while predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift { $0.skip(while: predicate, isolation: isolation) }
    }

    /// Drops elements until `other` emits an element.
    @_alwaysEmitIntoClient
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        lift { $0.skip(until: other) }
    }

    /// Drops elements until `other` emits an element.
    @_alwaysEmitIntoClient
    public func skip<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        lift { $0.skip(until: other.asObservable()) }
    }
}

// MARK: - Time

extension InfallibleType {
    /// Emits an element only after `dueTime` passes without another one; the
    /// timers run on `scheduler`. See `Observable.debounce`.
    @_alwaysEmitIntoClient
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        lift { $0.debounce(dueTime, scheduler: scheduler) }
    }

    /// Emits at most one element per `dueTime`: the first of a window, and with
    /// `latest` the last one at the window's end. See `Observable.throttle`.
    @_alwaysEmitIntoClient
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType
    ) -> Infallible<Element> {
        lift { $0.throttle(dueTime, latest: latest, scheduler: scheduler) }
    }

    /// Emits each element and the completion `dueTime` later, on `scheduler`.
    /// See `Observable.delay`.
    @_alwaysEmitIntoClient
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        lift { $0.delay(dueTime, scheduler: scheduler) }
    }
}

// MARK: - Scheduling, sharing, side effects

extension InfallibleType {
    /// Delivers the events on `scheduler`, in order. Put
    /// `observe(on: MainScheduler.instance)` before closures that touch main-actor
    /// state. See `Observable.observe(on:)`.
    @_alwaysEmitIntoClient
    public func observe(on scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        lift { $0.observe(on: scheduler) }
    }

    /// Subscribes to (and disposes) the source on `scheduler`. See
    /// `Observable.subscribe(on:)`.
    @_alwaysEmitIntoClient
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        lift { $0.subscribe(on: scheduler) }
    }

    /// Shares one subscription to the source among all subscribers, replaying the
    /// last `replay` elements to each new one. See `Observable.share(replay:scope:)`.
    @_alwaysEmitIntoClient
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        lift { $0.share(replay: replay, scope: scope) }
    }

    /// Shares one subscription to the source among all subscribers, replaying to
    /// each new one at most the last `replay` elements received less than `window`
    /// ago by `scheduler`'s clock. An addition beyond RxSwift. See
    /// `Observable.share(replay:window:scheduler:scope:)`.
    @_alwaysEmitIntoClient
    public func share(
        replay: Int, window: RxTimeInterval, scheduler: any SchedulerType,
        scope: SubjectLifetimeScope = .whileConnected
    ) -> Infallible<Element> {
        lift { $0.share(replay: replay, window: window, scheduler: scheduler, scope: scope) }
    }

    /// Prints each event and the subscription's lifecycle, with `identifier`. See
    /// `Observable.debug`.
    @_alwaysEmitIntoClient
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        lift { $0.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) }
    }

    /// Runs side effects for the elements, the completion and the subscription's
    /// lifecycle, passing every event through unchanged. See `Observable.do`
    /// for the order in which the closures run.
    ///
    /// ```swift
    /// taps.do(onNext: { _ in haptics.play() }).subscribe(onNext: { open($0) })
    /// ```
    @_alwaysEmitIntoClient
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        lift {
            $0.do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation
            )
        }
    }
}
