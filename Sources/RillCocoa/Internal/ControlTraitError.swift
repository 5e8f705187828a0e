import Rill

/// What `ControlProperty.asDriver()`, `ControlEvent.asDriver()` and
/// `ControlEvent.asSignal()` do with an error, which their sources must never send:
/// debug builds stop (a control's source broke its contract), release builds end the
/// sequence, as RxCocoa does.
func controlTraitError<Shared>(_ error: any Swift.Error, ending empty: Shared) -> Shared {
    #if DEBUG
    fatalError("Rill: a control property or control event failed with \(error); its source must never fail.")
    #else
    return empty
    #endif
}
