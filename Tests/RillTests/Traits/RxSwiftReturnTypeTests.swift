import Testing
import Rill
import RillTest

extension AllTests {
    /// Results typed as RxSwift 6.10 types them, so code written against RxSwift
    /// (explicit annotations, inferred types, stored base classes) compiles the same
    /// way on Rill; each also checks the events on `TestScheduler`.
    @Suite struct RxSwiftReturnTypeTests {
        /// The inner sequence for element `x` of the tests below: `x * 10` at once,
        /// `x * 10 + 1` 30 ticks later, then completion 10 ticks after that.
        private static func inner(_ scheduler: TestScheduler, _ x: Int) -> Infallible<Int> {
            scheduler.createColdObservable([.next(0, x * 10), .next(30, x * 10 + 1), .completed(40)])
                .asInfallible(onErrorJustReturn: -1)
        }

        /// A function that accepts only an `Infallible`: passing an inferred result
        /// to it checks the type the compiler chose.
        private static func infallibleOnly<Element>(_ infallible: Infallible<Element>) -> Infallible<Element> {
            infallible
        }

        /// A function that accepts only an `Observable`.
        private static func observableOnly<Element>(_ observable: Observable<Element>) -> Observable<Element> {
            observable
        }

        @Test func observableFlatMapLatestToInfalliblesIsAnInfallible() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3), .completed(320)])
            let annotated: Infallible<Int> = xs.flatMapLatest { Self.inner(scheduler, $0) }
            let inferred = xs.flatMapLatest { Self.inner(scheduler, $0) }
            let observer = scheduler.start { Self.infallibleOnly(inferred) }
            #expect(observer.events == [.next(210, 10), .next(220, 20), .next(250, 21), .next(300, 30), .next(330, 31), .completed(340)])
            #expect(xs.subscriptions == [Subscription(200, 320)])
            _ = annotated
        }

        @Test func observableFlatMapLatestAnnotatedAsObservableStillCompiles() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(215, 1), .completed(290)])
            let toInfallible: Observable<Int> = xs.flatMapLatest { Self.inner(scheduler, $0) }
            let toObservable = ys.flatMapLatest { Observable.just($0 * 2) }
            let observer = scheduler.start { Observable.merge(toInfallible, Self.observableOnly(toObservable)) }
            #expect(observer.events == [.next(210, 10), .next(215, 2), .next(240, 11), .completed(300)])
        }

        @Test func observableFlatMapLatestToInfalliblesPassesTheSourceErrorOn() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let result: Infallible<Int> = xs.flatMapLatest { Self.inner(scheduler, $0) }
            let observer = scheduler.start { result.asObservable() }
            #expect(observer.events == [.next(210, 10), .error(220, DemoError.boom)])
        }

        @Test func infallibleFlatMapLatestIsAnInfallible() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
                .asInfallible(onErrorJustReturn: -1)
            let annotated: Infallible<Int> = xs.flatMapLatest { Self.inner(scheduler, $0) }
            let observer = scheduler.start { Self.infallibleOnly(annotated) }
            #expect(observer.events == [.next(210, 10), .next(220, 20), .next(250, 21), .completed(260)])
        }
    }

    /// `DisposeBag`, `CompositeDisposable`, `RefCountDisposable`, `SerialDisposable`
    /// and `SingleAssignmentDisposable` are `DisposeBase`s, as in RxSwift.
    @Suite struct DisposeBaseSubclassTests {
        @Test func aBagStoredAsADisposeBaseDisposesItsContentsWhenReleased() {
            var disposed = 0
            var base: DisposeBase? = DisposeBag()
            (base as? DisposeBag)?.insert(Disposables.create { disposed += 1 })
            #expect(base is DisposeBag)
            #expect(disposed == 0)
            base = nil
            #expect(disposed == 1)
        }

        @Test(arguments: ["DisposeBag", "CompositeDisposable", "RefCountDisposable", "SerialDisposable", "SingleAssignmentDisposable"])
        func eachCountsOneInResourcesTotalWhileAlive(name: String) {
            let before = Resources.total
            var base: DisposeBase? = switch name {
            case "DisposeBag": DisposeBag()
            case "CompositeDisposable": CompositeDisposable()
            case "RefCountDisposable": RefCountDisposable(disposable: Disposables.create())
            case "SerialDisposable": SerialDisposable()
            default: SingleAssignmentDisposable()
            }
            #if DEBUG
            #expect(Resources.total == before + 1, "\(name)")
            #endif
            (base as? any Disposable)?.dispose()
            base = nil
            #expect(Resources.total == before, "\(name)")
        }
    }
}
