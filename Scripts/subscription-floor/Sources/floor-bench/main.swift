// The two scenarios of rill-bench this floor is compared with, written the same way:
// `publish-subscribe-dispose` and `behavior-subscribe-dispose`.
import Floor

func run(_ scenario: String, _ count: Int) -> Int {
    var sum = 0
    withUnsafeMutablePointer(to: &sum) { sum in
        switch scenario {
        case "publish":
            let subject = FloorSubject<Int>()
            for _ in 0..<count {
                let subscription = subject.subscribe { sum.pointee &+= $0 }
                subject.onNext(1)
                subscription.dispose()
            }
            precondition(subject.subscriberCount == 0, "a subscription was not removed")
        case "behavior":
            let subject = FloorSubject<Int>(value: 1)
            for _ in 0..<count {
                subject.subscribe { sum.pointee &+= $0 }.dispose()
            }
            precondition(subject.subscriberCount == 0, "a subscription was not removed")
        default:
            fatalError("usage: floor-bench publish|behavior COUNT")
        }
    }
    return sum
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else { fatalError("usage: floor-bench publish|behavior COUNT") }
let sum = run(arguments[1], count)
precondition(sum == count, "checksum: \(sum), expected \(count)")
print(sum)
