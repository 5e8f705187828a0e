// Observable.zip for 3 to 8 sources: thin wrappers over ZipSink (Zip.swift),
// one buffer per source.

extension ObservableType {
    /// Combines 3 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 3 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3)
            ], downstream: downstream)
        }
    }
}

extension ObservableType {
    /// Combines 4 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffer4 = ZipBuffer(source4)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3, buffer4
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row),
                    buffer4.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 4 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3), ZipBuffer(source4)
            ], downstream: downstream)
        }
    }
}

extension ObservableType {
    /// Combines 5 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffer4 = ZipBuffer(source4)
            let buffer5 = ZipBuffer(source5)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3, buffer4, buffer5
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row),
                    buffer4.take(from: row), buffer5.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 5 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3), ZipBuffer(source4),
                ZipBuffer(source5)
            ], downstream: downstream)
        }
    }
}

extension ObservableType {
    /// Combines 6 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffer4 = ZipBuffer(source4)
            let buffer5 = ZipBuffer(source5)
            let buffer6 = ZipBuffer(source6)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3, buffer4, buffer5, buffer6
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row),
                    buffer4.take(from: row), buffer5.take(from: row), buffer6.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 6 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3), ZipBuffer(source4),
                ZipBuffer(source5), ZipBuffer(source6)
            ], downstream: downstream)
        }
    }
}

extension ObservableType {
    /// Combines 7 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        _ source7: O7,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        let source7 = source7.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffer4 = ZipBuffer(source4)
            let buffer5 = ZipBuffer(source5)
            let buffer6 = ZipBuffer(source6)
            let buffer7 = ZipBuffer(source7)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row),
                    buffer4.take(from: row), buffer5.take(from: row), buffer6.take(from: row),
                    buffer7.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 7 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        _ source7: O7
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        let source7 = source7.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3), ZipBuffer(source4),
                ZipBuffer(source5), ZipBuffer(source6), ZipBuffer(source7)
            ], downstream: downstream)
        }
    }
}

extension ObservableType {
    /// Combines 8 sources element by element with `resultSelector`; behaves
    /// like `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the combined rows.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        _ source7: O7, _ source8: O8,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
            O8.Element
        ) throws -> Element
    ) -> Observable<Element> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        let source7 = source7.asObservable()
        let source8 = source8.asObservable()
        return ZipObservable { downstream in
            let buffer1 = ZipBuffer(source1)
            let buffer2 = ZipBuffer(source2)
            let buffer3 = ZipBuffer(source3)
            let buffer4 = ZipBuffer(source4)
            let buffer5 = ZipBuffer(source5)
            let buffer6 = ZipBuffer(source6)
            let buffer7 = ZipBuffer(source7)
            let buffer8 = ZipBuffer(source8)
            let buffers: [ZipBufferBase] = [
                buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8
            ]
            return ZipSink(buffers: buffers, downstream: downstream) { row in
                try resultSelector(
                    buffer1.take(from: row), buffer2.take(from: row), buffer3.take(from: row),
                    buffer4.take(from: row), buffer5.take(from: row), buffer6.take(from: row),
                    buffer7.take(from: row), buffer8.take(from: row)
                )
            }
        }
    }
}

extension ObservableType where Element == Any {
    /// Combines 8 sources element by element into tuples; behaves like
    /// `zip(_:_:resultSelector:)`.
    ///
    /// - Returns: An observable of the tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        _ source7: O7, _ source8: O8
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
    )> {
        let source1 = source1.asObservable()
        let source2 = source2.asObservable()
        let source3 = source3.asObservable()
        let source4 = source4.asObservable()
        let source5 = source5.asObservable()
        let source6 = source6.asObservable()
        let source7 = source7.asObservable()
        let source8 = source8.asObservable()
        return ZipObservable { downstream in
            ZipSink(rowsOf: [
                ZipBuffer(source1), ZipBuffer(source2), ZipBuffer(source3), ZipBuffer(source4),
                ZipBuffer(source5), ZipBuffer(source6), ZipBuffer(source7), ZipBuffer(source8)
            ], downstream: downstream)
        }
    }
}
