import Foundation
import Testing
import Rill

private struct Thermometer: ReactiveCompatible {
    var degrees: Int
}

extension Reactive where Base == Thermometer {
    fileprivate var degrees: Observable<Int> { Observable.just(base.degrees) }
    fileprivate static var unit: String { "celsius" }
}

extension AllTests {
    @Suite struct ReactiveTests {
        @Test func rxWrapsTheValueAsBase() {
            let thermometer = Thermometer(degrees: 21)
            #expect(thermometer.rx.base.degrees == 21)
            #expect(record(thermometer.rx.degrees) == ["21", "|"])
        }

        @Test func theStaticRxReachesStaticExtensions() {
            #expect(Thermometer.rx.unit == "celsius")
        }

        @Test func everyNSObjectHasRx() {
            let object = NSObject()
            #expect(object.rx.base === object)
        }
    }
}
