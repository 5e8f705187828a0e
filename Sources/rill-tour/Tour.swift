import Foundation

/// A chapter of the tour: one article's behaviours, each run on Rill and measured.
struct Chapter {
    /// The name chosen on the command line (case-insensitive).
    let name: String
    /// The article it follows.
    let source: String
    /// Runs the chapter's checks.
    let run: @MainActor (Tour) throws -> Void
}

/// Prints what each check measured and remembers whether any measured fact
/// differed from the article's.
@MainActor
final class Tour {
    private(set) var failures = 0
    private(set) var checks = 0

    /// Records one measured fact: `line` says what was measured; `holds` is whether
    /// it matches the article.
    func check(_ line: String, _ holds: Bool) {
        checks += 1
        if holds {
            print("  ✓ \(line)")
        } else {
            failures += 1
            print("  ✗ \(line)   <- differs from the article")
        }
    }

    /// Prints a measurement that depends on timing and is therefore not asserted.
    func note(_ line: String) {
        print("  · \(line)")
    }

    /// Prints a section heading inside a chapter.
    func section(_ title: String) {
        print("\n  \(title)")
    }
}
