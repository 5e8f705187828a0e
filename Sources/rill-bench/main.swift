import Foundation

// rill-bench: every scenario beside a plain-Swift baseline measured in the same run.
//
//   swift run -c release rill-bench [--filter NAME] [--quick]
//   rill-bench --run NAME --n N      one untimed run, for valgrind (Scripts/count.sh)
//   rill-bench --list

let scenarios = Baselines.all + CoreScenarios.all + SubjectScenarios.all + SubscriptionScenarios.all
    + ScaleScenarios.all + SharingScenarios.all + ActorScenarios.all

let usage = """
usage: rill-bench [--filter TEXT] [--quick]     measure, print one line per scenario
       rill-bench --run NAME [--n N]            one untimed run of NAME (for valgrind, Scripts/count.sh)
       rill-bench --list                        the scenario names
       rill-bench --help

Build with -c release. Each scenario runs 7 times (3 with --quick, at a tenth of its size);
the table shows the median time per unit and the ratio to a plain-Swift baseline of the
same unit, measured in the same run. A wrong checksum stops the run (exit 1).
  --filter TEXT   only the scenarios whose name contains TEXT (and their baselines)

"""

/// Stops with `message` and the usage on standard error: a mistake on the command line.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rill-bench: \(message)\n\n\(usage)".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var filter: String?
var quick = false
var single: String?
var singleSize: Int?

/// The value after `option`, or a usage error when there is none.
@MainActor
func value(of option: String) -> String {
    guard let value = arguments.popFirst(), !value.hasPrefix("--") else { usageError("\(option) needs a value") }
    return value
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--filter": filter = value(of: argument)
    case "--quick": quick = true
    case "--run": single = value(of: argument)
    case "--n":
        guard let size = Int(value(of: argument)), size > 0 else { usageError("--n needs a positive whole number") }
        singleSize = size
    case "--list":
        for scenario in scenarios { print(scenario.name) }
        exit(0)
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default:
        usageError("unknown argument \(argument)")
    }
}

// Every ratio compares like with like: a scenario's baseline measures the same unit.
for scenario in scenarios {
    guard let baselineName = scenario.baseline else { continue }
    guard let baseline = scenarios.first(where: { $0.name == baselineName }), baseline.baseline == nil else {
        fatalError("\(scenario.name): its baseline \(baselineName) is not a baseline scenario")
    }
    precondition(baseline.unit == scenario.unit,
                 "\(scenario.name) is measured per \(scenario.unit), its baseline \(baselineName) per \(baseline.unit)")
}

func verify(_ scenario: Scenario, n: Int, checksum: Int) {
    let expected = scenario.expected(n)
    guard checksum == expected else {
        FileHandle.standardError.write(Data("\(scenario.name): checksum \(checksum), expected \(expected)\n".utf8))
        exit(1)
    }
}

if let single {
    guard let scenario = scenarios.first(where: { $0.name == single }) else {
        FileHandle.standardError.write(Data("no scenario named \(single)\n".utf8))
        exit(2)
    }
    let n = singleSize ?? scenario.size
    verify(scenario, n: n, checksum: scenario.run(n))
    exit(0)
}

let runs = quick ? 3 : 7
var medians: [String: Double] = [:]
var usedBaselines: Set<String> = []
// The chosen scenarios, each preceded by its baseline (measured once).
let chosen = scenarios.filter { filter == nil || $0.name.contains(filter!) }
if chosen.isEmpty {
    FileHandle.standardError.write(Data("rill-bench: no scenario matches --filter \(filter ?? ""); --list shows the names\n".utf8))
    exit(2)
}
let neededBaselines = Set(chosen.compactMap(\.baseline))
let chosenNames = Set(chosen.map(\.name))
let selected = scenarios.filter { neededBaselines.contains($0.name) || chosenNames.contains($0.name) }

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}

print("scenario                    unit                    N         median ns/unit (min-max)      ratio                            checksum")
for scenario in selected {
    let n = quick ? max(scenario.size / 10, 1) : scenario.size
    var perUnit: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let checksum = scenario.run(n)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        verify(scenario, n: n, checksum: checksum)
        perUnit.append(Double(elapsed) / Double(n))
    }
    perUnit.sort()
    let median = perUnit[perUnit.count / 2]
    medians[scenario.name] = median
    var ratio = "baseline"
    if let baseline = scenario.baseline, let base = medians[baseline] {
        ratio = String(format: "%.1fx %@", median / base, baseline)
        usedBaselines.insert(baseline)
    }
    let columns = [
        scenario.name.padding(toLength: 27, withPad: " ", startingAt: 0),
        scenario.unit.padding(toLength: 23, withPad: " ", startingAt: 0),
        String(n).padding(toLength: 9, withPad: " ", startingAt: 0),
        "\(format(median)) (\(format(perUnit.first!))-\(format(perUnit.last!)))".padding(toLength: 29, withPad: " ", startingAt: 0),
        ratio.padding(toLength: 32, withPad: " ", startingAt: 0),
        "ok",
    ]
    print(columns.joined(separator: " "))
}

print("\nratio: median per unit divided by the baseline's median per unit, measured in this run. Baselines:")
for baseline in selected where usedBaselines.contains(baseline.name) {
    print("  \(baseline.name) (per \(baseline.unit)): \(Baselines.explanations[baseline.name] ?? "see Baselines.swift")")
}
