// The fixed arities of `combineLatest`, 2 to 8 sources: each is a thin wrapper
// over the one N-slot implementation in CombineLatest.swift, storing the latest
// elements in a tuple of optionals.

extension ObservableType {
    /// Combines the latest elements of 2 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?), Element>(
            initial: (nil, nil),
            count: 2,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 2 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 3 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?), Element>(
            initial: (nil, nil, nil),
            count: 3,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 3 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 4 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?, O4.Element?), Element>(
            initial: (nil, nil, nil, nil),
            count: 4,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
                sink.subscribe(source4.asObservable(), at: 3) { $0.3 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!, values.3!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 4 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 5 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?), Element>(
            initial: (nil, nil, nil, nil, nil),
            count: 5,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
                sink.subscribe(source4.asObservable(), at: 3) { $0.3 = $1 },
                sink.subscribe(source5.asObservable(), at: 4) { $0.4 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 5 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(source1, source2, source3, source4, source5) { ($0, $1, $2, $3, $4) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 6 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?), Element>(
            initial: (nil, nil, nil, nil, nil, nil),
            count: 6,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
                sink.subscribe(source4.asObservable(), at: 3) { $0.3 = $1 },
                sink.subscribe(source5.asObservable(), at: 4) { $0.4 = $1 },
                sink.subscribe(source6.asObservable(), at: 5) { $0.5 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!, values.5!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 6 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(source1, source2, source3, source4, source5, source6) { ($0, $1, $2, $3, $4, $5) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 7 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?, O7.Element?), Element>(
            initial: (nil, nil, nil, nil, nil, nil, nil),
            count: 7,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
                sink.subscribe(source4.asObservable(), at: 3) { $0.3 = $1 },
                sink.subscribe(source5.asObservable(), at: 4) { $0.4 = $1 },
                sink.subscribe(source6.asObservable(), at: 5) { $0.5 = $1 },
                sink.subscribe(source7.asObservable(), at: 6) { $0.6 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!, values.5!, values.6!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 7 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(source1, source2, source3, source4, source5, source6, source7) { ($0, $1, $2, $3, $4, $5, $6) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 8 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2-----|
    /// b:                   ---x---y---|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatestObservable<(O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?, O7.Element?, O8.Element?), Element>(
            initial: (nil, nil, nil, nil, nil, nil, nil, nil),
            count: 8,
            subscribe: { sink in [
                sink.subscribe(source1.asObservable(), at: 0) { $0.0 = $1 },
                sink.subscribe(source2.asObservable(), at: 1) { $0.1 = $1 },
                sink.subscribe(source3.asObservable(), at: 2) { $0.2 = $1 },
                sink.subscribe(source4.asObservable(), at: 3) { $0.3 = $1 },
                sink.subscribe(source5.asObservable(), at: 4) { $0.4 = $1 },
                sink.subscribe(source6.asObservable(), at: 5) { $0.5 = $1 },
                sink.subscribe(source7.asObservable(), at: 6) { $0.6 = $1 },
                sink.subscribe(source8.asObservable(), at: 7) { $0.7 = $1 },
            ] },
            project: { values in try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!, values.5!, values.6!, values.7!) }
        )
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 8 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
