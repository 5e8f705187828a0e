#if canImport(Observation)
import Foundation
import Observation
import Testing
@testable import Rill

/// A main-actor model, as a SwiftUI app keeps one.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
private final class Basket {
    var items: [String] = []
    var owner = "ann"
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Basket: ReactiveCompatible {}

/// Both implementations of `observations(_:)`: on `Observations`, and on
/// `withObservationTracking` as on systems before it.
private let implementations = [true, false]

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private func itemCounts(of basket: Basket, useObservations: Bool, evaluations: LockedBox<Int>? = nil) -> Rill.Observable<Int> {
    ObservationBridge.observable(ObservedValue({
        evaluations?.mutate { $0 += 1 }
        return basket.items.count
    }, isolation: MainActor.shared), useObservations: useObservations)
}

extension AllTests {
    /// `Observable.observations(_:)` and `Infallible.observations(_:)`: `@Observable`
    /// state as an observable, delivered on the caller's actor.
    @Suite struct ObservationsTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test(arguments: implementations)
        func emitsTheCurrentValueThenEachChangeOnTheMainActor(useObservations: Bool) async {
            let basket = Basket()
            var seen: [Int] = []
            let subscription = itemCounts(of: basket, useObservations: useObservations)
                .subscribe(onNext: { seen.append($0) })   // main-actor closure: checked on each call
            #expect(await eventually { seen == [0] })
            basket.items.append("apple")
            #expect(await eventually { seen == [0, 1] })
            basket.items.append("pear")
            #expect(await eventually { seen == [0, 1, 2] })
            subscription.dispose()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test(arguments: implementations)
        func changesInOneTransactionArriveAsOneElement(useObservations: Bool) async {
            let basket = Basket()
            var seen: [Int] = []
            let subscription = itemCounts(of: basket, useObservations: useObservations)
                .subscribe(onNext: { seen.append($0) })
            #expect(await eventually { seen == [0] })
            // One synchronous stretch of main-actor code: one transaction.
            basket.items.append("apple")
            basket.items.append("pear")
            basket.items.append("plum")
            #expect(await eventually { seen.last == 3 })
            #expect(seen == [0, 3])
            subscription.dispose()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test(arguments: implementations)
        func disposingEndsTheTracking(useObservations: Bool) async {
            let basket = Basket()
            let evaluations = LockedBox(0)
            var seen: [Int] = []
            let subscription = itemCounts(of: basket, useObservations: useObservations, evaluations: evaluations)
                .subscribe(onNext: { seen.append($0) })
            #expect(await eventually { seen == [0] })
            subscription.dispose()
            let evaluated = evaluations.value
            basket.items.append("apple")
            // A second subscription seeing the change shows the first had its chance.
            var witness: [Int] = []
            let second = itemCounts(of: basket, useObservations: useObservations)
                .subscribe(onNext: { witness.append($0) })
            basket.items.append("pear")
            #expect(await eventually { witness.last == 2 })
            #expect(evaluations.value == evaluated)
            #expect(seen == [0])
            second.dispose()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test func thePublicFactoriesUseTheCallersActor() async {
            let basket = Basket()
            var counts: [Int] = []
            var owners: [String] = []
            let counting = Rill.Observable.observations { basket.items.count }
                .subscribe(onNext: { counts.append($0) })
            let naming = Infallible.observations { basket.owner }
                .subscribe(onNext: { owners.append($0) })
            #expect(await eventually { counts == [0] && owners == ["ann"] })
            basket.owner = "bo"
            basket.items = ["fig"]
            #expect(await eventually { counts == [0, 1] && owners == ["ann", "bo"] })
            counting.dispose()
            naming.dispose()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test func aBinderOnAnObservableModelIsSeenByObservationTracking() async {
            let basket = Basket()
            let changed = LockedBox(false)
            withObservationTracking {
                _ = basket.owner
            } onChange: {
                changed.mutate { $0 = true }
            }
            let subscription = Rill.Observable.just("cy").bind(to: basket.rx.owner)
            #expect(await eventually { basket.owner == "cy" })
            #expect(changed.value)
            subscription.dispose()
        }
    }
}
#endif
