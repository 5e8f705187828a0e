// `import RxCocoa` is `import RillCocoa`: `Driver`, `Signal`, `SharedSequence`,
// `ControlProperty`, `ControlEvent`, `SharingScheduler`, and, as RxCocoa does, the relays.
// RxCocoa's UIKit and AppKit bindings (`rx.text`, `rx.tap`, delegate proxies, KVO) are not
// part of Rill.
@_exported import RillCocoa
@_exported import RxRelay
