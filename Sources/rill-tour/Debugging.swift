import Foundation
import Rill
import RillTest

/// Issue 23: a planted leak found by its call site with `Resources.liveSubscriptions`,
/// then a debounced search traced on virtual time and written out as a Chrome trace
/// and a timeline picture.
let debuggingChapter = Chapter(name: "Debugging", source: "Sources/Rill/Rill.docc/DebuggingSubscriptions.md") { tour in
    /// A screen's view model that subscribes in its init. `forgetsItsBag` plants the
    /// classic leak: the subscription goes into a bag that outlives the screen.
    final class SearchViewModel {
        static let appWideBag = DisposeBag()
        let disposeBag = DisposeBag()
        var results: [String] = []

        init(query: BehaviorRelay<String>, forgetsItsBag: Bool) {
            let bag = forgetsItsBag ? Self.appWideBag : disposeBag
            query.asObservable()
                .map { $0.lowercased() }
                .filter { !$0.isEmpty }
                .subscribe(onNext: { [weak self] in self?.results.append($0) })
                .disposed(by: bag)
        }
    }

    tour.section("a leak found by its site: Resources.liveSubscriptions")
    let wasTracking = Resources.isTrackingSubscriptions
    Resources.isTrackingSubscriptions = true
    let query = BehaviorRelay(value: "Rill")
    var screens: [SearchViewModel] = []
    for index in 0..<4 { screens.append(SearchViewModel(query: query, forgetsItsBag: index == 2)) }
    let opened = Resources.liveSubscriptions.count
    screens.removeAll()   // every screen is closed
    let left = Resources.liveSubscriptions
    Resources.isTrackingSubscriptions = wasTracking
    tour.check("4 screens opened \(opened) subscriptions; after closing them, \(left.count) still runs",
               opened == 4 && left.count == 1)
    let site = left.first?.site ?? ""
    tour.check("its site is \(site), the view model's subscribe", site.hasPrefix("rill_tour/Debugging.swift:"))
    tour.check("its chain is \(left.first?.chain.joined(separator: " → ") ?? "none")",
               left.first?.chain == ["BehaviorSubject<String>", "map", "filter", "subscribe"])
    print("")
    print(Resources.liveSubscriptionsReport().split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

    tour.section("a timeline of a debounced search, on virtual time")
    let scheduler = TestScheduler(initialClock: 0)
    let recorder = TraceRecorder(scheduler: scheduler)
    let typed = scheduler.createHotObservable([
        .next(210, "r"), .next(220, "ri"), .next(230, "ril"), .next(300, "rill"), .completed(400),
    ])
    let observer = scheduler.start {
        typed.asObservable()
            .trace("typed", to: recorder)
            .debounce(.seconds(50), scheduler: scheduler)
            .trace("debounced", to: recorder)
            .flatMapLatest { text in
                Observable.just("results for \(text)").delay(.seconds(20), scheduler: scheduler)
                    .trace("search", to: recorder)
            }
            .trace("results", to: recorder)
    }
    let results = observer.events.compactMap { $0.value.element }
    tour.check("two searches ran, for \"ril\" and \"rill\": \(results)", results == ["results for ril", "results for rill"])
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rill-tour-debugging")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let json = directory.appendingPathComponent("search-trace.json")
    let svg = directory.appendingPathComponent("search-timeline.svg")
    try recorder.chromeTraceJSON().write(to: json, atomically: true, encoding: .utf8)
    try recorder.timelineSVG().write(to: svg, atomically: true, encoding: .utf8)
    let lanes = recorder.timelineSVG().components(separatedBy: "fill=\"#555555\">").count - 1
    tour.check("the timeline has one row per traced point: \(lanes)", lanes == 4)
    print("""

        Chrome trace: \(json.path)
          open it in Perfetto (https://ui.perfetto.dev, "Open trace file"), or Chrome DevTools' Performance panel for the events
        Timeline:     \(svg.path)
          open it in any browser; hover over a marble for its value, time and thread
    """)
}
