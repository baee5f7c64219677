// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// An option declared with how its value is read into a `Request` (a `LaunchRequest`, the
/// `HarnessOptions`) and what is said when the value will not do, as a table's row: adding an
/// option is one of these in its request's `options`, which `--help` lists and the request reads
/// in order.
@MainActor
struct ReadOption<Request> {
    typealias Read = (inout Request, ParsedOptions) throws(LaunchProblem) -> Void

    let option: CommandLineOption
    private let reader: Read

    /// Reads the option into `request` if the line gives it.
    func read(into request: inout Request, from parsed: ParsedOptions) throws(LaunchProblem) {
        try reader(&request, parsed)
    }

    /// `--name`, which takes no value.
    static func flag(
        _ name: String, _ description: String, hidden: Bool = false,
        read: @escaping (inout Request) throws(LaunchProblem) -> Void
    ) -> Self {
        declare(name, .flag, nil, description, hidden) { (request, parsed) throws(LaunchProblem) in
            if parsed.contains(name) { try read(&request) }
        }
    }

    /// `--name=ARGUMENT`, a text.
    static func text(
        _ name: String, _ argument: String, _ description: String, hidden: Bool = false,
        read: @escaping (inout Request, String) throws(LaunchProblem) -> Void
    ) -> Self {
        valued(name, .string, argument, description, hidden, read: read)
    }

    /// `--name=ARGUMENT`, given as often as the user likes.
    static func texts(
        _ name: String, _ argument: String, _ description: String,
        read: @escaping (inout Request, String) throws(LaunchProblem) -> Void
    ) -> Self {
        declare(name, .strings, argument, description, false) { (request, parsed) throws(LaunchProblem) in
            for text in parsed.strings(name) { try read(&request, text) }
        }
    }

    /// `--name=FILE`: a file name, in the file system's encoding.
    static func file(
        _ name: String, _ argument: String, _ description: String, hidden: Bool = false,
        read: @escaping (inout Request, String) throws(LaunchProblem) -> Void
    ) -> Self {
        valued(name, .filename, argument, description, hidden, read: read)
    }

    /// `--name`, which sets `flag`.
    static func flag(
        _ name: String, _ description: String, hidden: Bool = false, sets flag: WritableKeyPath<Request, Bool>
    ) -> Self {
        .flag(name, description, hidden: hidden) { $0[keyPath: flag] = true }
    }

    /// `--name=ARGUMENT`, a text kept as it is in `field`.
    static func text(
        _ name: String, _ argument: String, _ description: String, hidden: Bool = false,
        into field: WritableKeyPath<Request, String?>
    ) -> Self {
        .text(name, argument, description, hidden: hidden) { $0[keyPath: field] = $1 }
    }

    /// `--name=FILE`, kept as it is in `field`.
    static func file(
        _ name: String, _ argument: String, _ description: String, hidden: Bool = false,
        into field: WritableKeyPath<Request, String?>
    ) -> Self {
        .file(name, argument, description, hidden: hidden) { $0[keyPath: field] = $1 }
    }

    /// An option with one value, a text or a file name.
    private static func valued(
        _ name: String, _ kind: Application.OptionKind, _ argument: String, _ description: String, _ hidden: Bool,
        read: @escaping (inout Request, String) throws(LaunchProblem) -> Void
    ) -> Self {
        declare(name, kind, argument, description, hidden) { (request, parsed) throws(LaunchProblem) in
            if let value = kind == .filename ? parsed.filename(name) : parsed.string(name) { try read(&request, value) }
        }
    }

    private static func declare(
        _ name: String, _ kind: Application.OptionKind, _ argument: String?, _ description: String, _ hidden: Bool,
        read: @escaping Read
    ) -> Self {
        let option = CommandLineOption(
            name: name, kind: kind, description: description, argument: argument, isHidden: hidden)
        return Self(option: option, reader: read)
    }
}
