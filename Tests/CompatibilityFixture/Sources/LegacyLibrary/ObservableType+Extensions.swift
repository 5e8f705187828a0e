import RxSwift

// Extensions declared on module-qualified types, as RxSwiftExt writes them.
extension RxSwift.ObservableType {
    /// Replaces every element with `()`.
    public func mapToVoid() -> RxSwift.Observable<Void> {
        map { _ in }
    }
}

extension RxSwift.ObservableType where Element: Equatable {
    /// Drops the elements equal to `value`.
    public func ignore(_ value: Element) -> RxSwift.Observable<Element> {
        filter { $0 != value }
    }
}

/// A module-qualified generic signature.
public func evens(upTo limit: Int) -> RxSwift.Observable<Int> {
    RxSwift.Observable.range(start: 0, count: limit + 1).filter { $0 % 2 == 0 }
}
