import Testing
import Rill
import RillTest

/// A disposable that records the virtual times at which it was made and disposed.
private final class TickDisposable: Disposable, @unchecked Sendable {
    // Sendable: used only on the test's thread, under TestScheduler.
    private let scheduler: TestScheduler
    private(set) var ticks: [TestTime] = []

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
        ticks.append(scheduler.clock)
    }

    func dispose() { ticks.append(scheduler.clock) }
}

extension AllTests {
    @Suite struct UsingTests {
        @Test func theResourceLivesFromSubscriptionToTheSequencesEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            var resource: TickDisposable?
            var xs: TestableObservable<Int>?
            let res = scheduler.start {
                Observable.using({ () -> TickDisposable in
                    let made = TickDisposable(scheduler)
                    resource = made
                    return made
                }, observableFactory: { made in
                    #expect(made === resource)
                    let cold = scheduler.createColdObservable([.next(100, 1), .completed(200)])
                    xs = cold
                    return cold.asObservable()
                })
            }
            #expect(res.events == [.next(300, 1), .completed(400)])
            #expect(xs?.subscriptions == [Subscription(200, 400)])
            #expect(resource?.ticks == [200, 400])
        }

        @Test func anErrorOfTheSequenceDisposesTheResource() {
            let scheduler = TestScheduler(initialClock: 0)
            var resource: TickDisposable?
            let res = scheduler.start {
                Observable<Int>.using({ () -> TickDisposable in
                    let made = TickDisposable(scheduler)
                    resource = made
                    return made
                }, observableFactory: { _ in
                    scheduler.createColdObservable([.next(100, 1), .error(150, DemoError.boom)]).asObservable()
                })
            }
            #expect(res.events == [.next(300, 1), .error(350, DemoError.boom)])
            #expect(resource?.ticks == [200, 350])
        }

        @Test func disposingTheSubscriptionDisposesTheSequenceThenTheResource() {
            let scheduler = TestScheduler(initialClock: 0)
            var resource: TickDisposable?
            var xs: TestableObservable<Int>?
            let res = scheduler.start(disposed: 500) {
                Observable.using({ () -> TickDisposable in
                    let made = TickDisposable(scheduler)
                    resource = made
                    return made
                }, observableFactory: { _ in
                    let cold = scheduler.createColdObservable([Recorded<Event<Int>>.next(100, 1)])
                    xs = cold
                    return cold.asObservable()
                })
            }
            #expect(res.events == [.next(300, 1)])
            #expect(xs?.subscriptions == [Subscription(200, 500)])
            #expect(resource?.ticks == [200, 500])
        }

        @Test func aThrowingResourceFactoryFailsWithoutCallingTheObservableFactory() {
            var factoryCalls = 0
            let using = Observable<Int>.using({ () throws -> BooleanDisposable in throw DemoError.boom }, observableFactory: { _ in
                factoryCalls += 1
                return .just(1)
            })
            #expect(record(using) == ["x(boom)"])
            #expect(factoryCalls == 0)
        }

        @Test func aThrowingObservableFactoryFailsAndStillDisposesTheResource() {
            var resource: BooleanDisposable?
            let using = Observable<Int>.using({ () -> BooleanDisposable in
                let made = BooleanDisposable()
                resource = made
                return made
            }, observableFactory: { _ in throw DemoError.timeout })
            #expect(record(using) == ["x(timeout)"])
            #expect(resource?.isDisposed == true)
        }

        @Test func eachSubscriptionMakesItsOwnResource() {
            var made = 0
            let using = Observable.using({ () -> BooleanDisposable in
                made += 1
                return BooleanDisposable()
            }, observableFactory: { _ in Observable.of(made) })
            #expect(record(using) == ["1", "|"])
            #expect(record(using) == ["2", "|"])
        }
    }
}
