// Type-checked by MainActorClosuresCompileTests in Swift 6 language mode, with SIL
// diagnostics (region-based isolation): main-actor code touches its own state in
// drive, emit, Binder and operator closures with no MainActor.assumeIsolated and no
// @preconcurrency.
import Rill
import RillCocoa

@MainActor final class ProfileView {
    var title = ""
    var taps = 0
    let bag = DisposeBag()

    func bind(name: Driver<String>, saves: Signal<Void>) {
        name.drive(onNext: { self.title = $0 }).disposed(by: bag)
        name.drive(with: self, onNext: { view, name in view.title = name }).disposed(by: bag)
        name.map { "\($0) (\(self.taps))" }.drive(onNext: { [weak self] in self?.title = $0 }).disposed(by: bag)
        saves.emit(onNext: { self.taps += 1 }).disposed(by: bag)
        saves.emit(with: self, onNext: { view, _ in view.taps += 1 }).disposed(by: bag)
        Observable.just("x").bind(to: Binder(self) { view, title in view.title = title }).disposed(by: bag)
    }
}

@MainActor var mainActorLog: [Int] = []

@MainActor func logCounts(_ counts: Driver<Int>) -> any Disposable {
    counts
        .filter { $0 > mainActorLog.count }
        .drive(onNext: { mainActorLog.append($0) }, onCompleted: { mainActorLog.removeAll() })
}

// Nonisolated code keeps RxSwift's freedom: closures capturing its own non-Sendable
// state, and function values, are accepted as they are.
final class Counter {
    var seen: [Int] = []
    func add(_ value: Int) { seen.append(value) }
}

func countNonisolated(_ counts: Driver<Int>) -> [Int] {
    let counter = Counter()
    var local: [Int] = []
    _ = counts.drive(onNext: { local.append($0) })
    _ = counts.drive(onNext: counter.add)
    return local + counter.seen
}
