import Foundation

// rill-bench: every scenario beside a plain-Swift baseline measured in the same run.
//
//   swift run -c release rill-bench [--filter NAME] [--quick]
//   rill-bench --run NAME --n N      one untimed run, for valgrind (Scripts/count.sh)
//   rill-bench --list

let scenarios = Baselines.all + CoreScenarios.all + SubjectScenarios.all + SharingScenarios.all

var arguments = CommandLine.arguments.dropFirst()
var filter: String?
var quick = false
var single: String?
var singleSize: Int?
while let argument = arguments.popFirst() {
    switch argument {
    case "--filter": filter = arguments.popFirst()
    case "--quick": quick = true
    case "--run": single = arguments.popFirst()
    case "--n": singleSize = arguments.popFirst().flatMap { Int($0) }
    case "--list":
        for scenario in scenarios { print(scenario.name) }
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
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
// The chosen scenarios, each preceded by its baseline (measured once).
let chosen = scenarios.filter { filter == nil || $0.name.contains(filter!) }
let neededBaselines = Set(chosen.compactMap(\.baseline))
let chosenNames = Set(chosen.map(\.name))
let selected = scenarios.filter { neededBaselines.contains($0.name) || chosenNames.contains($0.name) }

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}

print("scenario                    unit                    N         median ns/unit (min-max)      ratio   checksum")
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
    }
    let columns = [
        scenario.name.padding(toLength: 27, withPad: " ", startingAt: 0),
        scenario.unit.padding(toLength: 23, withPad: " ", startingAt: 0),
        String(n).padding(toLength: 9, withPad: " ", startingAt: 0),
        "\(format(median)) (\(format(perUnit.first!))-\(format(perUnit.last!)))".padding(toLength: 29, withPad: " ", startingAt: 0),
        ratio.padding(toLength: 24, withPad: " ", startingAt: 0),
        "ok",
    ]
    print(columns.joined(separator: " "))
}
