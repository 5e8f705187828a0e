/// The closures of the `subscribe(with:...)` forms: each holds `object` weakly and
/// does nothing once it is gone. Always non-nil, as RxSwift's are, so an error with
/// no handler given counts as handled.
@usableFromInline
enum WeakCapture {
    @inlinable
    static func bind<Object: AnyObject, Value>(
        _ object: Object, _ handler: ((Object, Value) -> Void)?
    ) -> (Value) -> Void {
        { [weak object] value in
            guard let object else { return }
            handler?(object, value)
        }
    }

    @inlinable
    static func bind<Object: AnyObject>(_ object: Object, _ handler: ((Object) -> Void)?) -> () -> Void {
        { [weak object] in
            guard let object else { return }
            handler?(object)
        }
    }
}
