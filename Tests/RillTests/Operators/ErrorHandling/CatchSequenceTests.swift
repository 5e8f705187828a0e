import Testing
import Rill
import RillTest

extension AllTests {
    /// `Observable.catch(sequence:)`: the next sequence after each error.
    @Suite struct CatchSequenceTests {
        @Test func movesToTheNextSequenceAtEachErrorUntilOneCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let second = scheduler.createHotObservable([.next(220, 9), .next(240, 2), .error(250, DemoError.timeout)])
            let third = scheduler.createHotObservable([.next(260, 3), .completed(270)])
            let res = scheduler.start {
                Observable.catch(sequence: [first.asObservable(), second.asObservable(), third.asObservable()])
            }
            #expect(res.events == [.next(210, 1), .next(240, 2), .next(260, 3), .completed(270)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 250)])
            #expect(third.subscriptions == [Subscription(250, 270)])
        }

        @Test func endsWithTheLastErrorWhenEverySequenceFailed() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, DemoError.boom)])
            let second = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, DemoError.timeout)])
            let res = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
            #expect(res.events == [.error(220, DemoError.timeout)])
        }

        @Test func anEmptySequenceCompletesAtOnce() {
            #expect(record(Observable<Int>.catch(sequence: [Observable<Int>]())) == ["|"])
        }

        @Test func laterSequencesAreNotSubscribedWhenTheFirstCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let second = scheduler.createHotObservable([Recorded<Event<Int>>.next(230, 2)])
            let res = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
            #expect(res.events == [.next(210, 1), .completed(220)])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func disposingEndsTheCurrentSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, DemoError.boom)])
            let second = scheduler.createHotObservable([Recorded<Event<Int>>.next(220, 2), .next(400, 3)])
            let res = scheduler.start(disposed: 300) { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
            #expect(res.events == [.next(220, 2)])
            #expect(second.subscriptions == [Subscription(210, 300)])
        }

        @Test func anEndlessSequenceIsIteratedOneStepPerError() {
            var made = 0
            let attempts = AnyIterator { () -> Observable<Int>? in
                made += 1
                return made < 3 ? Observable.error(DemoError.boom) : Observable.just(made)
            }
            let sources = AnySequence { attempts }
            #expect(record(Observable.catch(sequence: sources)) == ["3", "|"])
            #expect(made == 3)
        }
    }
}
