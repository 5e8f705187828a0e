import Testing
import Rill
import RillTest

/// RxSwift 6's deprecated spellings, reached through a protocol whose requirements
/// they satisfy: the test checks they exist with RxSwift's signatures and forward to
/// the current operators, without calling a deprecated symbol by name (which would
/// be a compiler warning, and the build allows none).
private protocol RxSwiftOldSpellings<Element> {
    associatedtype Element
    func elementAt(_ index: Int) -> Observable<Element>
    func skipWhile(_ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)?) -> Observable<Element>
    func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element>
    func take(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element>
    static func catchError<Sources: Swift.Sequence>(_ sequence: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element>
}

extension Observable: RxSwiftOldSpellings {}

extension AllTests {
    @Suite struct DeprecatedSpellingTests {
        private func old<Element>(_ source: Observable<Element>) -> some RxSwiftOldSpellings<Element> { source }

        @Test func elementAtIsElementAt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let observer = scheduler.start { self.old(xs.asObservable()).elementAt(1) }
            #expect(observer.events == [.next(220, 2), .completed(220)])
        }

        @Test func skipWhileIsSkipWhile() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(300)])
            let observer = scheduler.start { self.old(xs.asObservable()).skipWhile({ $0 < 3 }, isolation: nil) }
            #expect(observer.events == [.next(220, 5), .next(230, 2), .completed(300)])
        }

        @Test func skipUntilIsSkipUntil() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let other = scheduler.createHotObservable([.next(220, 0)])
            let observer = scheduler.start { self.old(xs.asObservable()).skipUntil(other) }
            #expect(observer.events == [.next(230, 2), .completed(300)])
        }

        @Test func takeWithASchedulerIsTakeFor() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
            let observer = scheduler.start { self.old(xs.asObservable()).take(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(250)])
        }

        @Test func staticCatchErrorIsCatchSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let observer = scheduler.start {
                Observable<Int>.catchErrorForwarded([first.asObservable(), second.asObservable()])
            }
            #expect(observer.events == [.next(210, 1), .next(230, 2), .completed(240)])
        }
    }
}

private extension Observable {
    /// `catchError(_:)` reached as the protocol requirement, not by name.
    static func catchErrorForwarded(_ sources: [Observable<Element>]) -> Observable<Element> {
        func call<Old: RxSwiftOldSpellings<Element>>(_: Old.Type) -> Observable<Element> { Old.catchError(sources) }
        return call(Observable<Element>.self)
    }
}
