// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One command-line option as GApplication and `--help` know it: its name, the kind of value it
/// takes, what `--help` says of it and whether `--help` shows it. Each is declared once, in a
/// `ReadOption` of `LaunchRequest.options` or `HarnessOptions.options`, with how it is read.
struct CommandLineOption {
    let name: String
    let kind: Application.OptionKind
    let description: String
    let argument: String?
    var isHidden = false

    /// Every option: what a user uses, then what only the harness (screenshots, benchmarks,
    /// tests) uses, which `--help` does not list.
    @MainActor static var all: [CommandLineOption] {
        LaunchRequest.options.map(\.option) + HarnessOptions.options.map(\.option)
    }

    /// Declares every option to GApplication, which parses them and lists them in `--help`.
    @MainActor static func declare(on application: Application) {
        application.setOptionSummary(tr("Foldout shows the things that fold out of a list, done right."))
        for option in all {
            application.addOption(
                option.name, kind: option.kind, description: option.description, argument: option.argument,
                hidden: option.isHidden)
        }
    }

    /// What GLib would refuse in `arguments` (an unknown option, a value missing), said in one line
    /// as Foldout's own errors are. GLib would print its own message and exit with status 1 from
    /// inside `g_application_run`, where no handler can change either; so the same declarations
    /// are checked here first. This walk is the only reading of the raw arguments outside GLib;
    /// it also finds the files a line names for `--export`, which no window takes.
    @MainActor static func problem(in arguments: [String]) -> String? {
        var positional: [String] = []
        return walk(arguments, positional: &positional)
    }

    /// The arguments that are no option or option's value: the files a launch names.
    @MainActor static func positionalArguments(in arguments: [String]) -> [String] {
        var positional: [String] = []
        _ = walk(arguments, positional: &positional)
        return positional
    }

    @MainActor private static func walk(_ arguments: [String], positional: inout [String]) -> String? {
        let declared = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                return nil
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument.hasPrefix("--help") || argument == "-h" || argument == "-?"
                || argument.hasPrefix("--gapplication-")
            {
                continue
            }
            let name = argument.hasPrefix("--") ? String(argument.dropFirst(2).prefix { $0 != "=" }) : ""
            guard let option = declared[name] else {
                return tr("unknown option “{option}” (see foldout --help)", ["option": argument])
            }
            if option.kind != .flag && !argument.contains("=") {
                guard index < arguments.count else { return tr("{option} needs a value", ["option": argument]) }
                index += 1
            }
        }
        return nil
    }
}
