// `import RxSwift` is `import Rill`: every public name of Rill, reachable also as
// `RxSwift.Name` (for example `RxSwift.Observable<Int>`, `extension RxSwift.ObservableType`).
@_exported import Rill
