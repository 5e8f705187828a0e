import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct BinderTests {
        final class Gauge: ReactiveCompatible {
            var level = 0
            var label: String?
        }

        @Test func anElementSentOnTheMainQueueIsAppliedAtOnce() async {
            await MainActor.run {
                let gauge = Gauge()
                let binder = Binder(gauge) { gauge, level in gauge.level = level }
                binder.onNext(3)
                #expect(gauge.level == 3)
            }
        }

        @Test func anElementSentFromAnotherThreadIsAppliedOnTheMainQueue() async {
            let gauge = Gauge()
            let mainQueue = DispatchSpecificKey<Int>()
            DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
            let appliedOnMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let binder = Binder(gauge) { gauge, level in
                    gauge.level = level
                    continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueue) != nil)
                }
                DispatchQueue.global().async { binder.onNext(5) }
            }
            #expect(appliedOnMain)
            #expect(gauge.level == 5)
        }

        @Test func theBindingRunsOnTheSchedulerGiven() {
            let gauge = Gauge()
            let scheduler = CurrentThreadScheduler.instance
            let binder = Binder(gauge, scheduler: scheduler) { gauge, level in gauge.level = level }
            _ = Observable.of(1, 2).bind(to: binder)
            #expect(gauge.level == 2)
        }

        @Test func aBinderDoesNotKeepItsTargetAndDropsElementsOnceItIsGone() {
            var gauge: Gauge? = Gauge()
            weak let weakGauge = gauge
            var applied = 0
            let binder = Binder(gauge!, scheduler: CurrentThreadScheduler.instance) { (_, _: Int) in applied += 1 }
            binder.onNext(1)
            gauge = nil
            #expect(weakGauge == nil)
            binder.onNext(2)
            #expect(applied == 1)
        }

        @Test func completionIsIgnored() {
            let gauge = Gauge()
            let binder = Binder(gauge, scheduler: CurrentThreadScheduler.instance) { gauge, level in gauge.level = level }
            _ = Observable.of(4).bind(to: binder)
            binder.onNext(6)
            #expect(gauge.level == 6)
        }

        @Test func asObserverForwardsToTheBinder() {
            let gauge = Gauge()
            let observer = Binder(gauge, scheduler: CurrentThreadScheduler.instance) { gauge, level in gauge.level = level }
                .asObserver()
            observer.onNext(8)
            #expect(gauge.level == 8)
        }

        @Test func rxSynthesisesABinderForAWritableProperty() async {
            await MainActor.run {
                let gauge = Gauge()
                _ = Observable.just(7).bind(to: gauge.rx.level)
                _ = Observable.just("full").bind(to: gauge.rx.label)
                #expect(gauge.level == 7)
                #expect(gauge.label == "full")
            }
        }

        @Test func bindingAnErrorStopsTheProgram() async {
            await #expect(processExitsWith: .failure) {
                let binder = Binder(Gauge(), scheduler: CurrentThreadScheduler.instance) { (_, _: Int) in }
                binder.onError(DemoError.boom)
            }
        }

        @Test func aMainActorBindingRunOnABackgroundSchedulerStopsTheProgram() async {
            await #expect(processExitsWith: .failure) {
                let done = DispatchSemaphore(value: 0)
                let gauge = Gauge()
                let binder = await MainActor.run {
                    Binder(gauge, scheduler: ConcurrentDispatchQueueScheduler(qos: .default)) { gauge, level in
                        gauge.level = level
                        done.signal()
                    }
                }
                binder.onNext(1)
                _ = done.wait(timeout: .now() + 5)
            }
        }
    }
}
