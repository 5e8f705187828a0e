import Foundation
import Rill
import RillBlocking
import RillCocoa

/// RxCocoa's traits, which Rill has in RillCocoa: `Driver` for state, `Signal` for events.
let driverAndSignalChapter = Chapter(name: "DriverAndSignal", source: "Sources/RillCocoa/RillCocoa.docc/RillCocoa.md") { tour in
    tour.section("replay: a Driver gives a late subscriber the latest element, a Signal does not")
    let name = BehaviorRelay(value: "Ada")
    let saves = PublishRelay<String>()
    let nameDriver = name.asDriver()
    let saveSignal = saves.asSignal()
    var early: [String] = [], late: [String] = [], earlySaves: [String] = [], lateSaves: [String] = []
    let bag = DisposeBag()
    nameDriver.drive(onNext: { early.append($0) }).disposed(by: bag)
    saveSignal.emit(onNext: { earlySaves.append($0) }).disposed(by: bag)
    name.accept("Grace")
    saves.accept("draft 1")
    nameDriver.drive(onNext: { late.append($0) }).disposed(by: bag)
    saveSignal.emit(onNext: { lateSaves.append($0) }).disposed(by: bag)
    name.accept("Edsger")
    saves.accept("draft 2")
    tour.check("Driver: the first subscriber saw \(early), the late one \(late) (Grace replayed at once)",
               early == ["Ada", "Grace", "Edsger"] && late == ["Grace", "Edsger"])
    tour.check("Signal: the first subscriber saw \(earlySaves), the late one \(lateSaves) (nothing replayed)",
               earlySaves == ["draft 1", "draft 2"] && lateSaves == ["draft 2"])

    tour.section("delivery on the main thread, whatever thread the source uses")
    let background = Observable<Int>.create { observer in
        DispatchQueue.global().async {
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
        }
        return Disposables.create()
    }
    // This closure runs on the source's thread, so it is handed over as nonisolated;
    // without `isolation: nil` Rill would stop the tour (main-actor code, another thread).
    let sourceThread = try background
        .map({ _ in Thread.isMainThread ? "main" : "background" }, isolation: nil)
        .toBlocking(timeout: 5)
        .toArray()
    let driven = try background.asDriver(onErrorJustReturn: 0)
        .map { "\($0) on \(Thread.isMainThread ? "main" : "background")" }
        .asObservable()
        .toBlocking(timeout: 5)
        .toArray()
    tour.check("the source emitted on \(Set(sourceThread).sorted()); the Driver delivered \(driven)",
               sourceThread == ["background", "background"] && driven == ["1 on main", "2 on main"])

    tour.section("no errors: the conversion says what replaces one")
    let failing = Observable<String>.create { observer in
        observer.onNext("loaded")
        observer.onError(DemoError.boom)
        return Disposables.create()
    }
    let fallback = record(failing.asDriver(onErrorJustReturn: "offline").asObservable())
    let recovered = record(failing.asSignal(onErrorRecover: { _ in .just("retry later") }).asObservable())
    tour.check("asDriver(onErrorJustReturn: \"offline\") delivered \(fallback); asSignal(onErrorRecover:) delivered \(recovered)",
               fallback == ["loaded", "offline", "|"] && recovered == ["loaded", "retry later", "|"])

    tour.section("one shared subscription")
    var subscriptions = 0
    let counted = Observable<Int>.create { observer in
        subscriptions += 1
        observer.onNext(subscriptions)
        return Disposables.create()
    }.asDriver(onErrorJustReturn: -1)
    var firstValues: [Int] = [], secondValues: [Int] = []
    let first = counted.drive(onNext: { firstValues.append($0) })
    let second = counted.drive(onNext: { secondValues.append($0) })
    tour.check("two drive calls subscribed the source \(subscriptions) time(s); they saw \(firstValues) and \(secondValues)",
               subscriptions == 1 && firstValues == [1] && secondValues == [1])
    first.dispose()
    second.dispose()
}
