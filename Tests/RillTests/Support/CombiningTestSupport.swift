import Foundation
import Rill

/// Runs `body(index)` on `count` threads at once and returns when all have finished.
func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        DispatchQueue.global().async(group: group) { body(index) }
    }
    group.wait()
}

/// Records what reaches a subscriber fed from several threads, deliberately
/// without a lock: the operator under test must serialise delivery, so under
/// ThreadSanitizer an overlap shows up as a race, and without it as a wrong count.
final class UnsynchronizedRecorder<Element>: @unchecked Sendable {
    // Sendable: NOT by a lock here. The operator under test serialises every call,
    // which is exactly what the tests check.
    private(set) var elements: [Element] = []
    private(set) var completions = 0

    func onNext(_ element: Element) { elements.append(element) }
    func onCompleted() { completions += 1 }
}
