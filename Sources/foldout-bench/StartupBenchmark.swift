import FoldoutCore
import Glibc

/// `foldout --quit-after-first-frame` against the C window in Benchmarks/first-frame, run
/// alternately; wall time from spawn to exit.
func startupFigures(rounds: Int) -> [Figure] {
    let folder = executableFolder()
    let foldout = "\(folder)/foldout", baseline = "\(folder)/first-frame-c"
    for program in [foldout, baseline] where access(program, X_OK) != 0 {
        fatal("\(program) is missing; run swift build -c release first")
    }
    var ours: [Double] = [], theirs: [Double] = []
    _ = timedRun(foldout, ["--quit-after-first-frame"]) // warm the file cache for both
    _ = timedRun(baseline, [])
    for round in 1...rounds {
        progress("start-up: round \(round) of \(rounds)")
        let foldoutRun = timedRun(foldout, ["--quit-after-first-frame"])
        let baselineRun = timedRun(baseline, [])
        guard foldoutRun.status == 0, baselineRun.status == 0 else {
            fatal("a start-up run failed (foldout \(foldoutRun.status), baseline \(baselineRun.status))")
        }
        ours.append(foldoutRun.milliseconds)
        theirs.append(baselineRun.milliseconds)
    }
    return [Figure(name: "start-up to first frame", unit: "ms", value: Statistics.median(ours)!,
                   baseline: Statistics.median(theirs)!, baselineName: "C GTK window (Benchmarks/first-frame)", rounds: rounds)]
}
