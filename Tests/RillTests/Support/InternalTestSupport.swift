@testable import Rill

/// A sink that records what it receives, for tests of Rill's internal mechanisms.
final class RecordingSink<Element>: Sink<Element> {
    private(set) var events: [Event<Element>] = []

    override func onNext(_ element: Element) { events.append(.next(element)) }
    override func onError(_ error: any Swift.Error) { events.append(.error(error)) }
    override func onCompleted() { events.append(.completed) }
}
