/// RxSwift's second name for `Observable`, for code that must not collide with
/// another `Observable` type in scope (for example Observation's, or Combine's
/// `ObservableObject` neighbourhood).
///
/// ```swift
/// let titles: RxObservable<String> = .just("Rill")
/// ```
public typealias RxObservable<Element> = Observable<Element>
