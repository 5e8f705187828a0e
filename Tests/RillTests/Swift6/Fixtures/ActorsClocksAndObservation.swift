// The examples of the article "Actors, clocks and Observation", type-checked in Swift 6
// mode by ArticleExamplesCompileTests.
import Foundation
import Observation
import Rill
import RillTest

actor PriceStore {
    private(set) var prices: [String: Double] = [:]
    private let disposeBag = DisposeBag()

    func follow(_ ticks: Rill.Observable<(symbol: String, price: Double)>) {
        ticks
            .observe(on: self)
            .subscribe(onNext: { self.prices[$0.symbol] = $0.price })
            .disposed(by: disposeBag)
    }
}

actor Session {
    private(set) var user: String?
    func load(_ request: Single<String>) -> any Disposable {
        request
            .observe(on: self)
            .subscribe(onSuccess: { self.user = $0 })
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func ticksOnAClock() -> Rill.Observable<Int> {
    let scheduler = ClockScheduler(clock: ContinuousClock())
    let ticks = Rill.Observable<Int>.interval(.milliseconds(10), scheduler: scheduler).take(3)
    return ticks
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func typingIsDebounced() async throws -> [Recorded<Event<String>>] {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)   // 1 tick = 1 ms
    let text = PublishSubject<String>()
    let observer = scheduler.createObserver(String.self)
    _ = text.debounce(.milliseconds(300), scheduler: scheduler).subscribe(observer)

    let typist = Task(executorPreference: scheduler) {
        for (query, pause) in [("r", 120), ("ri", 90), ("ril", 400), ("rill", 0)] {
            text.onNext(query)
            try await Task.sleep(for: .milliseconds(pause), clock: scheduler.virtualClock)
        }
    }
    await scheduler.advance(by: .seconds(2))
    try await typist.value
    return observer.events
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class Cart {
    var items: [String] = []
    var title = "Cart"
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Cart: ReactiveCompatible {}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func badgeCounts(of cart: Cart) -> Rill.Observable<Int> {
    Rill.Observable.observations { cart.items.count }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func bindTitles(_ titles: Rill.Observable<String>, to cart: Cart) -> any Disposable {
    let binding = titles.bind(to: cart.rx.title)
    return binding
}
