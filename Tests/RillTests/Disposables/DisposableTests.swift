import Foundation
import Testing
import Rill

extension AllTests {
    /// The disposable contract: the action runs exactly once, from any thread.
    @Suite struct DisposableTests {
        @Test func anonymousDisposableRunsOnceUnderConcurrentDispose() {
            let runs = LockedBox(0)
            for _ in 0..<200 {
                let disposable = Disposables.create { runs.mutate { $0 += 1 } }
                DispatchQueue.concurrentPerform(iterations: 4) { _ in disposable.dispose() }
                #expect(disposable.isDisposed)
            }
            #expect(runs.value == 200)
        }

        @Test func createVariantsDisposeEveryPart() {
            var disposed: [Int] = []
            let parts = (0..<5).map { index in Disposables.create { disposed.append(index) } }
            Disposables.create(parts[0], parts[1]).dispose()
            #expect(disposed == [0, 1])
            Disposables.create(parts[2], parts[3], parts[4]).dispose()
            #expect(disposed == [0, 1, 2, 3, 4])
            disposed = []
            let more = (0..<4).map { index in Disposables.create { disposed.append(index) } }
            Disposables.create(more[0], more[1], more[2], more[3]).dispose()
            #expect(disposed == [0, 1, 2, 3])
            disposed = []
            let array = (0..<3).map { index in Disposables.create { disposed.append(index) } }
            let group = Disposables.create(array)
            group.dispose()
            group.dispose()
            #expect(disposed == [0, 1, 2])
            Disposables.create().dispose()
        }

        @Test func booleanDisposable() {
            let flag = BooleanDisposable()
            #expect(!flag.isDisposed)
            flag.dispose()
            #expect(flag.isDisposed)
            #expect(BooleanDisposable(isDisposed: true).isDisposed)
        }

        @Test func compositeDisposableInsertRemoveAndLateInsert() {
            var log: [String] = []
            let group = CompositeDisposable()
            let keyA = group.insert(Disposables.create { log.append("a") })
            _ = group.insert(Disposables.create { log.append("b") })
            #expect(group.count == 2)
            group.remove(for: keyA!)
            #expect(log == ["a"])
            #expect(group.count == 1)
            group.dispose()
            #expect(log == ["a", "b"])
            #expect(group.isDisposed)
            let late = group.insert(Disposables.create { log.append("late") })
            #expect(late == nil)
            #expect(log == ["a", "b", "late"])
        }

        @Test func compositeDisposableOfManyRemovesByKeyInAnyOrderAndDisposesTheRestInInsertionOrder() {
            var log: [Int] = []
            let group = CompositeDisposable()
            let keys = (0..<2_000).map { index in group.insert(Disposables.create { log.append(index) })! }
            // Every other one, newest first, then a few from the front.
            for index in stride(from: 1_999, through: 1, by: -2) { group.remove(for: keys[index]) }
            for index in [0, 2, 4] { group.remove(for: keys[index]) }
            group.remove(for: keys[0])          // a second removal does nothing
            #expect(log == Array(stride(from: 1_999, through: 1, by: -2)) + [0, 2, 4])
            #expect(group.count == 997)
            log = []
            group.dispose()
            #expect(log == Array(stride(from: 6, through: 1_998, by: 2)))
            #expect(group.count == 0)
        }

        /// A group holds value disposables (the empty one too) like any other:
        /// none of them is mistaken for the place a removed one left.
        @Test func compositeDisposableHoldsValueDisposables() {
            struct Logging: Disposable {
                let log: LockedBox<[Int]>
                let id: Int
                func dispose() { log.mutate { $0.append(id) } }
            }
            let log = LockedBox<[Int]>([])
            let group = CompositeDisposable()
            let empty = group.insert(Disposables.create())!
            let keys = (0..<4).map { group.insert(Logging(log: log, id: $0))! }
            #expect(group.count == 5)
            group.remove(for: keys[1])
            group.remove(for: empty)
            group.remove(for: keys[1])
            #expect(log.value == [1])
            #expect(group.count == 3)
            _ = group.insert(Disposables.create())      // takes the inline slot
            #expect(group.count == 4)
            group.dispose()
            #expect(log.value == [1, 0, 2, 3])
            #expect(group.count == 0)
        }

        /// Inserting, removing and disposing from several threads: every disposable
        /// is disposed exactly once, by its removal, the group's disposal, or (once
        /// the group is disposed) its insertion.
        @Test func compositeDisposableDisposesEachOnceUnderConcurrentUse() {
            for _ in 0..<20 {
                let runs = LockedBox([Int](repeating: 0, count: 400))
                let group = CompositeDisposable()
                DispatchQueue.concurrentPerform(iterations: 5) { thread in
                    if thread == 4 {
                        group.dispose()
                        return
                    }
                    for index in stride(from: thread, to: 400, by: 4) {
                        let key = group.insert(Disposables.create { runs.mutate { $0[index] += 1 } })
                        if index % 3 == 0, let key { group.remove(for: key) }
                    }
                }
                group.dispose()
                #expect(runs.value == [Int](repeating: 1, count: 400))
            }
        }

        @Test func disposeBagDisposesEveryInsertedDisposableOnceInInsertionOrder() {
            var log: [Int] = []
            var bag: DisposeBag? = DisposeBag()
            for index in 0..<1_000 { bag?.insert(Disposables.create { log.append(index) }) }
            bag?.insert(Disposables.create { log.append(1_000) }, Disposables.create { log.append(1_001) })
            #expect(log.isEmpty)
            bag = nil
            #expect(log == Array(0...1_001))
        }

        @Test func serialDisposableDisposesThePreviousAndLaterOnes() {
            var log: [String] = []
            let serial = SerialDisposable()
            serial.disposable = Disposables.create { log.append("first") }
            serial.disposable = Disposables.create { log.append("second") }
            #expect(log == ["first"])
            serial.dispose()
            #expect(log == ["first", "second"])
            serial.disposable = Disposables.create { log.append("third") }
            #expect(log == ["first", "second", "third"])
            #expect(serial.isDisposed)
        }

        @Test func singleAssignmentDisposableDisposesLateAssignment() {
            var log: [String] = []
            let single = SingleAssignmentDisposable()
            single.dispose()
            #expect(single.isDisposed)
            single.setDisposable(Disposables.create { log.append("late") })
            #expect(log == ["late"])
            let other = SingleAssignmentDisposable()
            other.setDisposable(Disposables.create { log.append("set") })
            #expect(log == ["late"])
            other.dispose()
            other.dispose()
            #expect(log == ["late", "set"])
        }

        @Test func refCountDisposableWaitsForEveryRetainedReference() {
            var disposed = 0
            let refCount = RefCountDisposable(disposable: Disposables.create { disposed += 1 })
            let first = refCount.retain()
            let second = refCount.retain()
            refCount.dispose()
            #expect(disposed == 0)
            first.dispose()
            first.dispose()
            #expect(disposed == 0)
            second.dispose()
            #expect(disposed == 1)
            #expect(refCount.isDisposed)
            refCount.retain().dispose()
            #expect(disposed == 1)
        }

        @Test func scheduledDisposableDisposesOnItsScheduler() {
            let scheduler = CountingImmediateScheduler()
            var disposed = 0
            let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: Disposables.create { disposed += 1 })
            scheduled.dispose()
            scheduled.dispose()
            #expect(disposed == 1)
            #expect(scheduler.scheduled == 1)
            #expect(scheduled.isDisposed)
        }

        @Test func disposeBagDisposesEverythingOnDeinit() {
            var log: [Int] = []
            do {
                let bag = DisposeBag()
                Disposables.create { log.append(1) }.disposed(by: bag)
                bag.insert(Disposables.create { log.append(2) }, Disposables.create { log.append(3) })
                bag.insert {
                    Disposables.create { log.append(4) }
                }
                _ = DisposeBag(disposing: Disposables.create { log.append(0) })
                #expect(log == [0])
            }
            #expect(log == [0, 1, 2, 3, 4])
        }

        @Test func disposeBagEndsSubscriptions() {
            let box = ObserverBox<Int>()
            var received: [Int] = []
            var bag: DisposeBag? = DisposeBag()
            Observable<Int>.create { box.observer = $0; return Disposables.create() }
                .subscribe(onNext: { received.append($0) })
                .disposed(by: bag!)
            box.observer?.onNext(1)
            bag = nil
            box.observer?.onNext(2)
            #expect(received == [1])
        }
    }
}
