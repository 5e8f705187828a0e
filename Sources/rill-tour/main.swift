import Foundation

// rill-tour: runs the articles' scenarios on the real library and prints what it
// measured. Exits non-zero if a measured fact differs from the article's.
//
//   swift run rill-tour                 every chapter
//   swift run rill-tour subjects        chapters whose name contains "subjects"
//   swift run rill-tour --list

let chapters: [Chapter] = [creatingObservables, subjectsChapter, traitsChapter, concurrencyChapter, operatorsChapter, driverAndSignalChapter, sharingChapter]

if CommandLine.arguments.dropFirst().first == trapDemoArgument { runTrapDemo() }

let requested = CommandLine.arguments.dropFirst().map { $0.lowercased() }
if requested.contains("--list") {
    for chapter in chapters { print("\(chapter.name)  (\(chapter.source))") }
    exit(0)
}
let selected = chapters.filter { chapter in
    requested.isEmpty || requested.contains { chapter.name.lowercased().contains($0) }
}
if selected.isEmpty {
    print("No chapter matches \(requested.joined(separator: " ")). Chapters: \(chapters.map(\.name).joined(separator: ", "))")
    exit(2)
}

let tour = Tour()
for chapter in selected {
    print("\n\(chapter.name) — \(chapter.source)")
    do {
        try chapter.run(tour)
    } catch {
        tour.check("chapter ran to the end (it threw \(error))", false)
    }
}
print("\n\(tour.checks - tour.failures) of \(tour.checks) facts as the articles state them.")
exit(tour.failures == 0 ? 0 : 1)
