import Rill

/// The errors the articles' examples use.
enum DemoError: Error {
    case boom
    case timeout
}

/// Subscribes, collects the synchronously delivered events as strings (an element
/// as its description, completion as `|`, an error as `x(error)`), and disposes:
/// the articles' `record` helper.
func record<Source: ObservableConvertibleType>(_ source: Source) -> [String] {
    var events: [String] = []
    let subscription = source.asObservable().subscribe { event in
        switch event {
        case .next(let element): events.append("\(element)")
        case .error(let error): events.append("x(\(error))")
        case .completed: events.append("|")
        }
    }
    subscription.dispose()
    return events
}

extension Int {
    /// `10000` as "10,000".
    func formatted() -> String {
        let digits = String(self)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
