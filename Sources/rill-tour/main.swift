import Foundation

// rill-tour: runs the articles' scenarios on the real library and prints what it
// measured. Exits non-zero if a measured fact differs from the article's.
//
//   swift run rill-tour                 every chapter
//   swift run rill-tour subjects        chapters whose name contains "subjects"
//   swift run rill-tour --list
//   swift run rill-tour --help

let chapters: [Chapter] = [creatingObservables, subjectsChapter, traitsChapter, concurrencyChapter, operatorsChapter, driverAndSignalChapter, sharingChapter, debuggingChapter,
                          actorsAndObservationChapter]

if CommandLine.arguments.dropFirst().first == trapDemoArgument { runTrapDemo() }
if CommandLine.arguments.dropFirst().first == renderMarblesArgument {
    let rest = CommandLine.arguments.dropFirst(2)
    guard let directory = rest.first(where: { !$0.hasPrefix("--") }) else {
        FileHandle.standardError.write(Data("rill-tour: \(renderMarblesArgument) needs a directory\n".utf8))
        exit(2)
    }
    renderMarbles(into: directory, check: rest.contains("--check"))
}

let requested = CommandLine.arguments.dropFirst().map { $0.lowercased() }
if requested.contains("--help") || requested.contains("-h") {
    print("""
    usage: rill-tour [CHAPTER...] [--list] [--help]
           rill-tour --render-marbles DIRECTORY [--check]

    Runs the scenarios of Rill's DocC articles on the real library and prints what it
    measured: ✓ a fact as the article states it, ✗ one that differs, · a timing-dependent
    observation that is shown but not checked. Exits 1 if any fact differs.

      CHAPTER   run only the chapters whose name contains this word (case-insensitive)
      --list    list the chapters and the article each one follows
      --help    this text
      --render-marbles DIRECTORY   write the operators' marble diagrams (SVG), drawn from
                runs on TestScheduler; with --check, exit 1 if a file there differs

    Build the articles with Scripts/build-docs.sh --static. A debug build prints Rill's
    debug warnings; the tour captures the ones its scenarios provoke on purpose.
    """)
    exit(0)
}
if let unknown = requested.first(where: { $0.hasPrefix("-") && $0 != "--list" }) {
    FileHandle.standardError.write(Data("rill-tour: unknown option \(unknown) (try --help)\n".utf8))
    exit(2)
}
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
