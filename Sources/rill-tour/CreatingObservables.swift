import Foundation
import Rill
import RillBlocking

/// Article 000: "Creating Observables".
let creatingObservables = Chapter(name: "Creating observables", source: "Sources/Rill/Rill.docc/CreatingObservables.md") { tour in
    tour.section("just, deferred, of, from")
    tour.check("just(\"hello\") delivered \(record(Observable.just("hello")))", record(Observable.just("hello")) == ["hello", "|"])

    var clockReads = 0
    func readClock() -> Int {
        clockReads += 1
        return clockReads
    }
    let eagerReading = Observable.just(readClock())
    let eagerFirst = record(eagerReading), eagerSecond = record(eagerReading)
    tour.check(
        "just evaluated its argument \(clockReads) time for 2 subscribers, who both got \(eagerFirst[0])",
        clockReads == 1 && eagerFirst == ["1", "|"] && eagerSecond == ["1", "|"]
    )
    let freshReading = Observable.deferred { Observable.just(readClock()) }
    let readsBefore = clockReads
    let freshFirst = record(freshReading), freshSecond = record(freshReading)
    tour.check(
        "deferred read the clock \(clockReads - readsBefore) times for 2 subscribers: readings \(freshFirst[0]) and \(freshSecond[0])",
        readsBefore == 1 && freshFirst == ["2", "|"] && freshSecond == ["3", "|"]
    )

    let ofArray = record(Observable.of([1, 2, 3])), fromArray = record(Observable.from([1, 2, 3]))
    tour.check(
        "of([1, 2, 3]) emitted \(ofArray.count - 1) element; from([1, 2, 3]) emitted \(fromArray.count - 1)",
        ofArray == ["[1, 2, 3]", "|"] && fromArray == ["1", "2", "3", "|"]
    )
    let noQuery: String? = nil
    tour.check(
        "from(optional: nil) delivered \(record(Observable.from(optional: noQuery))); from(optional: \"swift\") \(record(Observable.from(optional: "swift")))",
        record(Observable.from(optional: noQuery)) == ["|"] && record(Observable.from(optional: "swift")) == ["swift", "|"]
    )

    var generatorCalls = 0
    let naturals = sequence(first: 1) { previous -> Int? in
        generatorCalls += 1
        return previous + 1
    }
    let firstThree = record(Observable.from(naturals).take(3))
    tour.check("from(naturals).take(3) delivered \(firstThree); the generator ran \(generatorCalls) times",
               firstThree == ["1", "2", "3", "|"] && generatorCalls == 2)

    tour.section("range, generate, repeatElement, and the trampoline")
    let powers = record(Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 }))
    tour.check("generate(1, < 100, * 3) delivered \(powers.dropLast().joined(separator: ", "))", powers == ["1", "3", "9", "27", "81", "|"])
    tour.check("range(start: 5, count: 3) delivered \(record(Observable.range(start: 5, count: 3)))",
               record(Observable.range(start: 5, count: 3)) == ["5", "6", "7", "|"])
    // The stack depth of each delivery, measured as the address of a local variable
    // in the subscriber (a deeper call stack puts it elsewhere): cheap, where
    // symbolicating 10,000 call stacks takes tens of seconds in a debug build.
    var stackDepths: [UInt] = []
    stackDepths.reserveCapacity(10_000)
    let depthProbe = Observable.range(start: 1, count: 10_000)
        .subscribe(onNext: { element in stackDepths.append(stackAddress(element)) })
    depthProbe.dispose()
    tour.check(
        "range delivered \(stackDepths.count.formatted()) elements at \(Set(stackDepths).count) stack depth",
        stackDepths.count == 10_000 && Set(stackDepths).count == 1
    )

    let pings = record(Observable.repeatElement("ping").take(2))
    tour.check("repeatElement(\"ping\").take(2) delivered \(pings)", pings == ["ping", "ping", "|"])
    let later = Observable.of(1, 2, scheduler: MainScheduler.asyncInstance)
    let laterRecorded = record(later)
    let laterElements = try later.toBlocking().toArray()
    tour.check("of(1, 2, scheduler: MainScheduler.asyncInstance): record saw \(laterRecorded), toBlocking() got \(laterElements)",
               laterRecorded == [] && laterElements == [1, 2])

    tour.section("empty, never, error")
    tour.check("empty() delivered \(record(Observable<Int>.empty())), never() \(record(Observable<Int>.never())), error(boom) \(record(Observable<Int>.error(DemoError.boom)))",
               record(Observable<Int>.empty()) == ["|"] && record(Observable<Int>.never()) == []
                   && record(Observable<Int>.error(DemoError.boom)) == ["x(boom)"])

    tour.section("create: wrapping a callback API")
    let loader = ThumbnailLoader()
    let cat = try loader.thumbnail(named: "cat").toBlocking().toArray()
    tour.check("the cat request delivered \(cat); started \(loader.started.value), cancelled \(loader.cancelled.value) (the disposable runs after completion)",
               cat == ["thumbnail of cat"] && loader.started.value == 1 && loader.cancelled.value == 1)
    let abandoned = loader.thumbnail(named: "dog").subscribe()
    abandoned.dispose()
    Thread.sleep(forTimeInterval: 0.1)
    tour.check("disposing the dog request before its result: started \(loader.started.value), cancelled \(loader.cancelled.value), delivered \(loader.delivered.value)",
               loader.started.value == 2 && loader.cancelled.value == 2 && loader.delivered.value == 1)
    var blankFailed = false
    if case .failed(let elements, let error) = loader.thumbnail(named: "").toBlocking().materialize() {
        blankFailed = elements.isEmpty && (error as? DemoError) == .boom
    }
    tour.check("the blank request failed with boom and no elements: \(blankFailed)", blankFailed)

    tour.section("one request per subscriber")
    let owl = loader.thumbnail(named: "owl")
    let startedBeforeZip = loader.started.value
    let pair = try Observable.zip(owl, owl).toBlocking().toArray()
    let zipRequests = loader.started.value - startedBeforeZip
    let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1)
    let sharedPair = try Observable.zip(sharedOwl, sharedOwl).toBlocking().toArray()
    let sharedRequests = loader.started.value - startedBeforeZip - zipRequests
    tour.check("zip(owl, owl) started \(zipRequests) requests; share(replay: 1) started \(sharedRequests)",
               pair.count == 1 && sharedPair.count == 1 && zipRequests == 2 && sharedRequests == 1)

    tour.section("Swift 6: the captured observer and the thread events arrive on")
    tour.check("the wrapper capturing the observer in a @Sendable callback compiled with a plain `import Rill`", true)
    let trap = try runTrapDemoInChildProcess()
    tour.check("a main-actor onNext called on the loader's queue stopped the process, naming observe(on: MainScheduler.instance): \(trap.stopped)",
               trap.stopped && trap.message.contains("observe(on: MainScheduler.instance)"))
    var lastThumbnail = ""
    let foxSubscription = loader.thumbnail(named: "fox")
        .observe(on: MainScheduler.instance)
        .subscribe(onNext: { lastThumbnail = $0 })
    RunLoop.main.run(until: Date().addingTimeInterval(0.2))
    foxSubscription.dispose()
    tour.check("with observe(on: MainScheduler.instance) the main-actor closure got \"\(lastThumbnail)\"", lastThumbnail == "thumbnail of fox")

    tour.section("from Swift concurrency: AsyncSequence.asObservable()")
    let countdown = AsyncStream<Int> { continuation in
        for value in [3, 2, 1] { continuation.yield(value) }
        continuation.finish()
    }
    let tagged = try tagThreads(countdown.asObservable()).toBlocking().toArray()
    tour.check("the countdown arrived as \(tagged)",
               tagged == ["3 on a background thread", "2 on a background thread", "1 on a background thread"])

    tour.section("Infallible")
    let ticks = Infallible<Int>.create { observer in
        observer(.next(1))
        observer(.completed)
        return Disposables.create()
    }
    tour.check("Infallible.create delivered \(record(ticks.asObservable()))", record(ticks.asObservable()) == ["1", "|"])
}
