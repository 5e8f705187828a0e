import Foundation
import LegacyLibrary
import RxBlocking
import RxCocoa
import RxSwift
import RxTest

// The app's checks: each compares what happened with what RxSwift does, and any
// mismatch ends the program with a failure. Run on the main thread, where `drive`
// must be called.

var checks = 0
@MainActor func check<T: Equatable>(_ actual: T, _ expected: T, _ what: String) {
    checks += 1
    guard actual == expected else {
        FileHandle.standardError.write(Data("FAILED: \(what): got \(actual), expected \(expected)\n".utf8))
        exit(1)
    }
}

// RxSwift.Observable and an extension on RxSwift.ObservableType, from a library.
let evensUpToSix: RxSwift.Observable<Int> = evens(upTo: 6)
check(try evensUpToSix.ignore(4).toBlocking().toArray(), [0, 2, 6], "module-qualified Observable and extension")

// A Driver and a Signal from a view model, on a TestScheduler through SharingScheduler.
let scheduler = TestScheduler(initialClock: 0)
let totals = scheduler.createObserver(String.self)
let passes = scheduler.createObserver(Bool.self)
SharingScheduler.mock(scheduler: scheduler) {
    let viewModel = CounterViewModel()
    let bag = DisposeBag()
    viewModel.totalText.drive(totals).disposed(by: bag)
    viewModel.passedTen.map { true }.emit(to: passes).disposed(by: bag)
    scheduler.scheduleAt(10) { viewModel.increments.accept(4) }
    scheduler.scheduleAt(20) { viewModel.increments.accept(8) }
    scheduler.scheduleAt(30) { viewModel.increments.accept(1) }
    scheduler.start()
}
// Each hop onto the TestScheduler takes one tick, as with RxTest, and events that
// arrive in one tick hop in separate steps: take(1)'s element and completion, both at
// 20, land at 21 and 22, as in RxSwift.
check(totals.events, [.next(1, "total 0"), .next(11, "total 4"), .next(21, "total 12"), .next(31, "total 13")], "Driver events")
check(passes.events, [.next(21, true), .completed(22)], "Signal events")

// Binders: hand-written and synthesised by rx's dynamic-member lookup.
let label = Label()
_ = RxSwift.Observable.just("hello").bind(to: label.rx.shoutedText)
check(label.text, "HELLO", "Binder")
_ = Observable.just("dynamic").bind(to: label.rx.text)
check(label.text, "dynamic", "rx dynamic-member Binder")

// A module-qualified Driver type in the app itself.
let constant: RxCocoa.Driver<Int> = .just(3)
var driven: [Int] = []
_ = constant.drive(onNext: { driven.append($0) })
check(driven, [3], "RxCocoa.Driver")

print("compatibility fixture: all \(checks) checks passed")
