// `import RxRelay`: Rill keeps the relays in its core module, so this is `import Rill`
// (through RxSwift), and `RxRelay.BehaviorRelay` names Rill's `BehaviorRelay`.
@_exported import RxSwift
