import Rill
func run(_ n: Int) -> Int {
    let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    sum.initialize(to: 0)
    let d = Observable.range(start: 0, count: n).map { $0 + 1 }.filter { $0 % 2 == 0 }.subscribe(onNext: { sum.pointee &+= $0 })
    d.dispose()
    return sum.pointee
}
print(run(Int(CommandLine.arguments.dropFirst().first ?? "100000")!))
