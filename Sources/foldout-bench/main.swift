import FoldoutCore
import Glibc

/// foldout-bench: every figure Foldout claims, each the median of repeated runs beside a baseline
/// measured alternately in the same run, with the ratio. `--json` prints one JSON object.
struct Figure {
    let name: String
    let unit: String
    let value: Double
    let baseline: Double
    let baselineName: String
    var ratio: Double { value / baseline }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
var rounds = 21
if let index = arguments.firstIndex(of: "--rounds"), index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
    rounds = value
} else if arguments.contains("--rounds") {
    print("foldout-bench: --rounds needs a positive number")
    exit(2)
}
if arguments.contains("--help") {
    print("""
    Usage: foldout-bench [--rounds N] [--json]
    Measures Foldout against GTK baselines in one run (build with -c release; needs a display,
    e.g. xvfb-run -a). Prints medians, baselines and ratios.
    """)
    exit(0)
}
guard getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil else {
    print("foldout-bench: no display; run it under xvfb-run -a")
    exit(2)
}

let folder = executableFolder()
let foldout = "\(folder)/foldout", baseline = "\(folder)/first-frame-c"
for program in [foldout, baseline] where access(program, X_OK) != 0 {
    print("foldout-bench: \(program) is missing; run swift build -c release first")
    exit(2)
}

var foldoutTimes: [Double] = [], baselineTimes: [Double] = []
_ = timedRun(foldout, ["--quit-after-first-frame"]) // warm the file cache for both
_ = timedRun(baseline, [])
for round in 1...rounds {
    progress("start-up: round \(round) of \(rounds)")
    let ours = timedRun(foldout, ["--quit-after-first-frame"])
    let theirs = timedRun(baseline, [])
    guard ours.status == 0, theirs.status == 0 else {
        progress("")
        print("foldout-bench: a start-up run failed (foldout \(ours.status), baseline \(theirs.status))")
        exit(1)
    }
    foldoutTimes.append(ours.milliseconds)
    baselineTimes.append(theirs.milliseconds)
}
progress("")

let figures = [
    Figure(name: "start-up to first frame", unit: "ms", value: Statistics.median(foldoutTimes)!,
           baseline: Statistics.median(baselineTimes)!, baselineName: "C GTK window (Benchmarks/first-frame)"),
]

if json {
    let entries = figures.map { figure in
        "\"\(figure.name)\": {\"unit\": \"\(figure.unit)\", \"median\": \(figure.value), \"baseline\": \(figure.baseline), \"ratio\": \(figure.ratio), \"rounds\": \(rounds)}"
    }
    print("{\(entries.joined(separator: ", "))}")
} else {
    print("figure                    median      baseline    ratio   (\(rounds) rounds, alternating)")
    for figure in figures {
        let line = "\(figure.name.padding(24)) \(format(figure.value)) \(figure.unit)  \(format(figure.baseline)) \(figure.unit)  \(format(figure.ratio, digits: 2))×"
        print(line + "   baseline: \(figure.baselineName)")
    }
}

func format(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)".padding(8)
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
