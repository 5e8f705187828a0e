// Observable.zip for 3 to 8 sources, and the builders and cores of every fixed
// arity: each builder makes a core (`Zip2` ... `Zip8`), a final subclass of
// `ZipCore` (Zip.swift) with one typed buffer per source and the result selector,
// so that an element's whole path is one function in the caller's specialised code.
//
// The builders and cores at the end of this file are generated:
// `python3 Scripts/generate-arities.py`.

extension ObservableType {
    /// Combines 3 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 3 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable()) { ($0, $1, $2) }
    }
}

extension ObservableType {
    /// Combines 4 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 4 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()) { ($0, $1, $2, $3) }
    }
}

extension ObservableType {
    /// Combines 5 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 5 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable()) { ($0, $1, $2, $3, $4) }
    }
}

extension ObservableType {
    /// Combines 6 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 6 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable()) { ($0, $1, $2, $3, $4, $5) }
    }
}

extension ObservableType {
    /// Combines 7 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:_:_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 7 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable()) { ($0, $1, $2, $3, $4, $5, $6) }
    }
}

extension ObservableType {
    /// Combines 8 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the combined rows.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:_:_:_:_:_:_:_:resultSelector:)")
        return ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines 8 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
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
    /// - Returns: An observable of the tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        ZipArity.make(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}

extension ZipArity {
    @inlinable
    static func make<E1, E2, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>,
        _ resultSelector: @escaping (E1, E2) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip2(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>,
        _ resultSelector: @escaping (E1, E2, E3) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip3(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>,
        _ resultSelector: @escaping (E1, E2, E3, E4) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip4(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, buffer: core.b4) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip5(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, buffer: core.b4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, buffer: core.b5) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip6(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, buffer: core.b4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, buffer: core.b5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, buffer: core.b6) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, E7, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>, _ o7: Observable<E7>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip7(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, buffer: core.b4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, buffer: core.b5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, buffer: core.b6) }
                core.subscribe(o7, at: 6) { core.arrived($0, at: 6, buffer: core.b7) }
            }
        }
    }

    @inlinable
    static func make<E1, E2, E3, E4, E5, E6, E7, E8, Result>(
        _ o1: Observable<E1>, _ o2: Observable<E2>, _ o3: Observable<E3>, _ o4: Observable<E4>, _ o5: Observable<E5>, _ o6: Observable<E6>, _ o7: Observable<E7>, _ o8: Observable<E8>,
        _ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result
    ) -> Observable<Result> {
        OperatorObservable { downstream in
            let core = Zip8(resultSelector, downstream: downstream)
            return core.run {
                core.subscribe(o1, at: 0) { core.arrived($0, at: 0, buffer: core.b1) }
                core.subscribe(o2, at: 1) { core.arrived($0, at: 1, buffer: core.b2) }
                core.subscribe(o3, at: 2) { core.arrived($0, at: 2, buffer: core.b3) }
                core.subscribe(o4, at: 3) { core.arrived($0, at: 3, buffer: core.b4) }
                core.subscribe(o5, at: 4) { core.arrived($0, at: 4, buffer: core.b5) }
                core.subscribe(o6, at: 5) { core.arrived($0, at: 5, buffer: core.b6) }
                core.subscribe(o7, at: 6) { core.arrived($0, at: 6, buffer: core.b7) }
                core.subscribe(o8, at: 7) { core.arrived($0, at: 7, buffer: core.b8) }
            }
        }
    }
}

/// `zip` of 2 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip2<E1, E2, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let resultSelector: (E1, E2) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        self.b1 = b1
        self.b2 = b2
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 3 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip3<E1, E2, E3, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let resultSelector: (E1, E2, E3) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 4 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip4<E1, E2, E3, E4, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let b4: ZipBuffer<E4>
    @usableFromInline let resultSelector: (E1, E2, E3, E4) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        let b4 = ZipBuffer<E4>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.b4 = b4
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3, b4], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take(), b4.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 5 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip5<E1, E2, E3, E4, E5, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let b4: ZipBuffer<E4>
    @usableFromInline let b5: ZipBuffer<E5>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        let b4 = ZipBuffer<E4>()
        let b5 = ZipBuffer<E5>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.b4 = b4
        self.b5 = b5
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3, b4, b5], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take(), b4.take(), b5.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 6 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip6<E1, E2, E3, E4, E5, E6, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let b4: ZipBuffer<E4>
    @usableFromInline let b5: ZipBuffer<E5>
    @usableFromInline let b6: ZipBuffer<E6>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        let b4 = ZipBuffer<E4>()
        let b5 = ZipBuffer<E5>()
        let b6 = ZipBuffer<E6>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.b4 = b4
        self.b5 = b5
        self.b6 = b6
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3, b4, b5, b6], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take(), b4.take(), b5.take(), b6.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 7 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip7<E1, E2, E3, E4, E5, E6, E7, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let b4: ZipBuffer<E4>
    @usableFromInline let b5: ZipBuffer<E5>
    @usableFromInline let b6: ZipBuffer<E6>
    @usableFromInline let b7: ZipBuffer<E7>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6, E7) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        let b4 = ZipBuffer<E4>()
        let b5 = ZipBuffer<E5>()
        let b6 = ZipBuffer<E6>()
        let b7 = ZipBuffer<E7>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.b4 = b4
        self.b5 = b5
        self.b6 = b6
        self.b7 = b7
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3, b4, b5, b6, b7], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take(), b4.take(), b5.take(), b6.take(), b7.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// `zip` of 8 sources: their typed buffers and the result selector.
@usableFromInline
final class Zip8<E1, E2, E3, E4, E5, E6, E7, E8, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    @usableFromInline let b1: ZipBuffer<E1>
    @usableFromInline let b2: ZipBuffer<E2>
    @usableFromInline let b3: ZipBuffer<E3>
    @usableFromInline let b4: ZipBuffer<E4>
    @usableFromInline let b5: ZipBuffer<E5>
    @usableFromInline let b6: ZipBuffer<E6>
    @usableFromInline let b7: ZipBuffer<E7>
    @usableFromInline let b8: ZipBuffer<E8>
    @usableFromInline let resultSelector: (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result, downstream: Sink<Result>) {
        let b1 = ZipBuffer<E1>()
        let b2 = ZipBuffer<E2>()
        let b3 = ZipBuffer<E3>()
        let b4 = ZipBuffer<E4>()
        let b5 = ZipBuffer<E5>()
        let b6 = ZipBuffer<E6>()
        let b7 = ZipBuffer<E7>()
        let b8 = ZipBuffer<E8>()
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
        self.b4 = b4
        self.b5 = b5
        self.b6 = b6
        self.b7 = b7
        self.b8 = b8
        self.resultSelector = resultSelector
        super.init(buffers: [b1, b2, b3, b4, b5, b6, b7, b8], downstream: downstream)
    }

    @inlinable @inline(__always)
    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(b1.take(), b2.take(), b3.take(), b4.take(), b5.take(), b6.take(), b7.take(), b8.take()))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`, handled in the caller's specialised code
    /// (`emitRow()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}
