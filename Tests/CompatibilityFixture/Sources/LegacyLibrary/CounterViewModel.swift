import Foundation
import RxCocoa
import RxRelay
import RxSwift

/// A view model as RxSwift apps write them: relays in, drivers and signals out.
public final class CounterViewModel {
    public let increments = RxRelay.PublishRelay<Int>()
    private let total = RxRelay.BehaviorRelay<Int>(value: 0)
    private let disposeBag = RxSwift.DisposeBag()

    /// The running total, replayed to each new view.
    public let totalText: RxCocoa.Driver<String>
    /// Fires when the total passes ten; not replayed.
    public let passedTen: Signal<Void>

    public init() {
        totalText = total.asDriver().map { "total \($0)" }
        passedTen = total.asObservable()
            .filter { $0 > 10 }
            .take(1)
            .mapToVoid()
            .asSignal(onErrorSignalWith: .empty())
        increments
            .withLatestFrom(total) { $0 + $1 }
            .bind(to: total)
            .disposed(by: disposeBag)
    }
}

/// A label stand-in whose `text` is set through a `Binder` and through `rx`'s
/// dynamic-member lookup.
public final class Label: ReactiveCompatible {
    public var text: String?
    public init() {}
}

extension Reactive where Base: Label {
    /// A hand-written binder, as RxCocoa's UIKit extensions are.
    public var shoutedText: Binder<String> {
        Binder(base) { label, text in label.text = text.uppercased() }
    }
}
