import Testing
import Rill
import RillTest

extension AllTests {
    /// RxSwift 6's deprecated spellings exist with RxSwift's signatures and forward to
    /// the current operators. Each test is itself deprecated, so calling them is no
    /// compiler warning (the build allows none).
    @Suite struct DeprecatedSpellingTests {
        @available(*, deprecated, message: "calls RxSwift's deprecated elementAt(_:)")
        @Test func elementAtIsElementAt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let observer = scheduler.start { xs.elementAt(1) }
            #expect(observer.events == [.next(220, 2), .completed(220)])
        }

        @available(*, deprecated, message: "calls RxSwift's deprecated skipWhile(_:)")
        @Test func skipWhileIsSkipWhile() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(300)])
            let observer = scheduler.start { xs.skipWhile { $0 < 3 } }
            #expect(observer.events == [.next(220, 5), .next(230, 2), .completed(300)])
        }

        @available(*, deprecated, message: "calls RxSwift's deprecated skipUntil(_:)")
        @Test func skipUntilIsSkipUntil() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let other = scheduler.createHotObservable([.next(220, 0)])
            let observer = scheduler.start { xs.skipUntil(other) }
            #expect(observer.events == [.next(230, 2), .completed(300)])
        }

        @available(*, deprecated, message: "calls RxSwift's deprecated take(_:scheduler:)")
        @Test func takeWithASchedulerIsTakeFor() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
            let observer = scheduler.start { xs.take(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(250)])
        }

        @available(*, deprecated, message: "calls RxSwift's deprecated Observable.catchError(_:)")
        @Test func staticCatchErrorIsCatchSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let observer = scheduler.start {
                Observable.catchError([first.asObservable(), second.asObservable()])
            }
            #expect(observer.events == [.next(210, 1), .next(230, 2), .completed(240)])
        }
    }
}
