import FoldoutCore
import Glibc
import Gtk

/// foldout-bench: every figure Foldout claims, each the median of repeated runs beside a baseline
/// measured alternately in the same run, with the ratio. `--json` prints one JSON object.
let usage = """
Usage: foldout-bench [--rounds N] [--catalog-size N] [--only startup|filter] [--json]
Measures Foldout against GTK baselines in one run. Build with swift build -c release and run
under a display (xvfb-run -a). Prints medians, baselines and their ratios; progress goes to stderr.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
var rounds = 21, catalogSize = 1_000_000
var only: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    switch option {
    case "--help":
        print(usage)
        exit(0)
    case "--rounds", "--catalog-size":
        guard let text = arguments.first, let value = Int(text), value > 0 else { fatal("\(option) needs a positive number") }
        arguments.removeFirst()
        if option == "--rounds" { rounds = value } else { catalogSize = value }
    case "--only":
        guard let group = arguments.first, ["startup", "filter"].contains(group) else { fatal("--only takes startup or filter") }
        only = arguments.removeFirst()
    default:
        fatal("unknown option \(option) (try --help)")
    }
}
guard getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil, GtkRuntime.initialize() else {
    fatal("no display; run it under xvfb-run -a")
}

var figures: [Figure] = []
if only != "filter" { figures += startupFigures(rounds: rounds) }
if only != "startup" { figures += filterFigures(count: catalogSize, rounds: max(rounds / 4, 3)) }
progress("")
print(json ? Figure.json(figures) : Figure.table(figures))
