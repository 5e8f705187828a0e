// The fixed arities of `combineLatest`, 2 to 8 sources. Each public overload
// calls a builder generic over the element types themselves, so the per-element
// closures never look up `O1.Element` through a protocol witness. Each builder
// makes a core (`CombineLatest2` ... `CombineLatest8`): `CombineLatestCore` plus
// one typed slot per source and the result selector, so that an element's whole
// path is one function in the caller's specialised code.
//
// The builders and cores at the end of this file are generated:
// `python3 Scripts/generate-arities.py`.

extension ObservableType {
    /// Combines the latest elements of 2 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 2 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable()) { ($0, $1) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 3 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 3 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable()) { ($0, $1, $2) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 4 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 4 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()) { ($0, $1, $2, $3) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 5 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 5 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable()) { ($0, $1, $2, $3, $4) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 6 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 6 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable()) { ($0, $1, $2, $3, $4, $5) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 7 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:_:_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 7 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable()) { ($0, $1, $2, $3, $4, $5, $6) }
    }
}

extension ObservableType {
    /// Combines the latest elements of 8 sources with `resultSelector` whenever
    /// any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed; fails as soon as one fails.
    /// A source's subscription ends when it completes; its last element keeps
    /// being combined with the others' new ones.
    /// `resultSelector` runs on the thread that delivers, never concurrently with
    /// itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:                   -1---2------|
    /// b:                   ---x---y----|
    /// combineLatest(a, b): ---1x-2x-2y-|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:_:_:_:_:_:_:_:resultSelector:)")
        return CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest elements of 8 sources whenever any of them
    /// emits, once each has emitted; see `combineLatest(_:_:resultSelector:)`.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age)   // Observable<(String, Int)>
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        CombineLatestArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}

/// Builds the fixed-arity `combineLatest` observables. Inlinable, so that each
/// element's path is compiled for the caller's element types.
@usableFromInline
enum CombineLatestArity {
    @inlinable
    static func make<E1, E2, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>,
        _ resultSelector: @escaping (E1, E2) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest2(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>,
        _ resultSelector: @escaping (E1, E2, E3) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest3(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>,
        _ resultSelector: @escaping (E1, E2, E3, E4) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest4(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, slot: core.s4) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest5(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, slot: core.s4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, slot: core.s5) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest6(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, slot: core.s4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, slot: core.s5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, slot: core.s6) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, E7, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>, _ o7: Observable<E7>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest7(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, slot: core.s4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, slot: core.s5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, slot: core.s6) }
                core.subscribe(o7, at: 6) { core.arrived($0, at: 6, slot: core.s7) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, E7, E8, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>, _ o7: Observable<E7>, _ o8: Observable<E8>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = CombineLatest8(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, slot: core.s1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, slot: core.s2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, slot: core.s3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, slot: core.s4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, slot: core.s5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, slot: core.s6) }
                core.subscribe(o7, at: 6) { core.arrived($0, at: 6, slot: core.s7) }
                core.subscribe(o8, at: 7) { core.arrived($0, at: 7, slot: core.s8) }
            }
        }
    }
}

/// `combineLatest` of 2 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest2<E1, E2, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let resultSelector: (E1, E2) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        self.s1 = s1
        self.s2 = s2
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 3 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest3<E1, E2, E3, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let resultSelector: (E1, E2, E3) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 4 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest4<E1, E2, E3, E4, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let s4: CombineLatestSlot<E4>
    @usableFromInline let resultSelector: (E1, E2, E3, E4) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        let s4 = CombineLatestSlot<E4>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.s4 = s4
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3, s4], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value, s4.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 5 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest5<E1, E2, E3, E4, E5, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let s4: CombineLatestSlot<E4>
    @usableFromInline let s5: CombineLatestSlot<E5>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        let s4 = CombineLatestSlot<E4>()
        let s5 = CombineLatestSlot<E5>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.s4 = s4
        self.s5 = s5
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3, s4, s5], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value, s4.value, s5.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 6 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest6<E1, E2, E3, E4, E5, E6, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let s4: CombineLatestSlot<E4>
    @usableFromInline let s5: CombineLatestSlot<E5>
    @usableFromInline let s6: CombineLatestSlot<E6>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        let s4 = CombineLatestSlot<E4>()
        let s5 = CombineLatestSlot<E5>()
        let s6 = CombineLatestSlot<E6>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.s4 = s4
        self.s5 = s5
        self.s6 = s6
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3, s4, s5, s6], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value, s4.value, s5.value, s6.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 7 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest7<E1, E2, E3, E4, E5, E6, E7, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let s4: CombineLatestSlot<E4>
    @usableFromInline let s5: CombineLatestSlot<E5>
    @usableFromInline let s6: CombineLatestSlot<E6>
    @usableFromInline let s7: CombineLatestSlot<E7>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6, E7) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        let s4 = CombineLatestSlot<E4>()
        let s5 = CombineLatestSlot<E5>()
        let s6 = CombineLatestSlot<E6>()
        let s7 = CombineLatestSlot<E7>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.s4 = s4
        self.s5 = s5
        self.s6 = s6
        self.s7 = s7
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3, s4, s5, s6, s7], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value, s4.value, s5.value, s6.value, s7.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}

/// `combineLatest` of 8 sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest8<E1, E2, E3, E4, E5, E6, E7, E8, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    @usableFromInline let s1: CombineLatestSlot<E1>
    @usableFromInline let s2: CombineLatestSlot<E2>
    @usableFromInline let s3: CombineLatestSlot<E3>
    @usableFromInline let s4: CombineLatestSlot<E4>
    @usableFromInline let s5: CombineLatestSlot<E5>
    @usableFromInline let s6: CombineLatestSlot<E6>
    @usableFromInline let s7: CombineLatestSlot<E7>
    @usableFromInline let s8: CombineLatestSlot<E8>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result, downstream: Sink<Result>) {
        let s1 = CombineLatestSlot<E1>()
        let s2 = CombineLatestSlot<E2>()
        let s3 = CombineLatestSlot<E3>()
        let s4 = CombineLatestSlot<E4>()
        let s5 = CombineLatestSlot<E5>()
        let s6 = CombineLatestSlot<E6>()
        let s7 = CombineLatestSlot<E7>()
        let s8 = CombineLatestSlot<E8>()
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        self.s4 = s4
        self.s5 = s5
        self.s6 = s6
        self.s7 = s7
        self.s8 = s8
        self.resultSelector = resultSelector
        super.init(slots: [s1, s2, s3, s4, s5, s6, s7, s8], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(s1.value, s2.value, s3.value, s4.value, s5.value, s6.value, s7.value, s8.value))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}
