import Testing
@testable import Rill

extension AllTests {
    /// After an operator's own closure threw, the operators below it see nothing
    /// more, even from a source that keeps emitting (a synchronous `create` that
    /// ignores disposal): the error is the chain's last event.
    @Suite struct ThrowingClosureEndsTheChainTests {
        /// Emits 1, 2, 3 and completes, whatever happens downstream.
        private static func stubborn() -> Observable<Int> {
            Observable.create { observer in
                for element in 1...3 { observer.onNext(element) }
                observer.onCompleted()
                return Disposables.create()
            }
        }

        @Sendable private static func failOn2(_ element: Int) throws -> Int {
            if element == 2 { throw DemoError.boom }
            return element
        }

        private static let operators: [(String, @Sendable (Observable<Int>) -> Observable<Int>)] = [
            ("map", { $0.map(failOn2) }),
            ("filter", { $0.filter { try failOn2($0) > 0 } }),
            ("compactMap", { $0.compactMap(failOn2) }),
            ("scan", { $0.scan(0) { _, element in try failOn2(element) } }),
            ("distinctUntilChanged", { $0.distinctUntilChanged { _, element in try failOn2(element) < 0 } }),
            ("skip(while:)", { $0.skip(while: { try failOn2($0) > 0 }) }),   // skips 1, throws on 2
            ("take(while:)", { $0.take(while: { try failOn2($0) > 0 }) }),
        ]

        @Test(arguments: operators.map(\.0))
        func nothingReachesTheNextOperatorAfterTheThrow(_ name: String) throws {
            let apply = try #require(Self.operators.first { $0.0 == name }?.1)
            var seenBelow: [Int] = []
            var events: [String] = []
            let subscription = apply(Self.stubborn())
                .map { element -> Int in
                    seenBelow.append(element)
                    return element
                }
                .subscribe(
                    onNext: { events.append("\($0)") },
                    onError: { events.append("error \($0)") },
                    onCompleted: { events.append("|") }
                )
            subscription.dispose()
            #expect(seenBelow.allSatisfy { $0 < 2 }, "\(name) let \(seenBelow) through")
            #expect(events.last == "error boom", "\(name): \(events)")
            #expect(events.filter { $0.hasPrefix("error") || $0 == "|" }.count == 1)
        }
    }
}
