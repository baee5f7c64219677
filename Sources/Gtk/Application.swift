// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The `GtkApplication`, its command-line options and its life cycle signals.
@MainActor
public final class Application: Object {
    public enum OptionKind { case flag, string, filename, strings }

    public init(id: String, flags: ApplicationFlags = []) {
        super.init(takingFull: UnsafeMutableRawPointer(gtk_application_new(id, flags.gtk)))
    }

    private var application: UnsafeMutablePointer<GApplication> { cast() }

    /// Adds an option that GApplication parses and `--help` lists (unless `hidden`).
    public func addOption(
        _ long: String, kind: OptionKind, description: String, argument: String? = nil, hidden: Bool = false
    ) {
        let arg: GOptionArg =
            switch kind {
            case .flag: G_OPTION_ARG_NONE
            case .string: G_OPTION_ARG_STRING
            case .filename: G_OPTION_ARG_FILENAME
            case .strings: G_OPTION_ARG_STRING_ARRAY
            }
        g_application_add_main_option(
            application, long, 0, GOptionFlags(rawValue: numericCast(hidden ? FOLDOUT_OPTION_FLAG_HIDDEN : 0)), arg,
            description, argument)
    }

    /// The summary shown above the options in `--help`.
    public func setOptionSummary(_ summary: String) {
        g_application_set_option_context_summary(application, summary)
    }

    /// Called with the parsed options before the application registers; return an exit status
    /// to stop there, or nil to go on.
    public func onHandleLocalOptions(_ handler: @escaping @MainActor (ParsedOptions) -> Int32?) {
        typealias Handler = @MainActor (ParsedOptions) -> Int32?
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = {
            _, dict, data in
            let box = HandlerBox<Handler>.from(data)
            return MainActor.assumeIsolated { box.function(ParsedOptions(dict: dict!)) } ?? -1
        }
        _ = connect(
            "handle-local-options", box: HandlerBox<Handler>(handler),
            callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    public func onActivate(_ handler: @escaping @MainActor () -> Void) { on("activate", handler) }
    public func onStartup(_ handler: @escaping @MainActor () -> Void) { on("startup", handler) }

    public var flags: ApplicationFlags {
        get { ApplicationFlags(rawValue: g_application_get_flags(application).rawValue) }
        set { g_application_set_flags(application, newValue.gtk) }
    }

    public func setAccelerators(_ accelerators: [String], for action: String) {
        withCStrings(accelerators) { gtk_application_set_accels_for_action(cast(), action, $0) }
    }

    /// Every accelerator set with `setAccelerators`, as GTK names them ("<Control>q").
    public var allAccelerators: [String] {
        guard let actions = gtk_application_list_action_descriptions(cast()) else { return [] }
        defer { g_strfreev(actions) }
        var result: [String] = []
        var index = 0
        while let action = actions[index] {
            result += accelerators(forAction: String(cString: action))
            index += 1
        }
        return result
    }

    /// The accelerators set for `action` ("app.quit"), as GTK names them.
    public func accelerators(forAction action: String) -> [String] {
        guard let accels = gtk_application_get_accels_for_action(cast(), action) else { return [] }
        defer { g_strfreev(accels) }
        var result: [String] = []
        var index = 0
        while let name = accels[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }

    /// How GTK shows `accelerator` ("<Control>q") beside a menu item: "Ctrl+Q", translated by GTK.
    public static func label(ofAccelerator accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0,
            let label = gtk_accelerator_get_label(key, modifiers)
        else { return accelerator }
        defer { g_free(label) }
        return String(cString: label)
    }

    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = Action(name: name)
        action.onActivate(handler)
        g_action_map_add_action(opaque, action.opaque)
    }

    /// Registers the application without running it, which emits `startup` (windows can only be
    /// added after it): for tests that build windows of their own. False if registration failed.
    @discardableResult
    public func register() -> Bool {
        g_application_register(application, nil, nil) != 0
    }

    /// Called with the paths of the files given on the command line (with `HANDLES_OPEN`), in
    /// the instance that runs, instead of `activate`.
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
        let thunk:
            @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) ->
                Void = { _, files, count, _, data in
                    let box = HandlerBox<@MainActor ([String]) -> Void>.from(data)
                    var paths: [String] = []
                    for index in 0..<Int(count) {
                        guard let file = files?[index], let path = g_file_get_path(file) else { continue }
                        paths.append(String(cString: path))
                        g_free(path)
                    }
                    MainActor.assumeIsolated { box.function(paths) }
                }
        _ = connect("open", box: HandlerBox(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Called in the instance that runs with each command line given to the application, its
    /// own first and then those of later launches (with `HANDLES_COMMAND_LINE`); returns the exit
    /// status of the launch.
    public func onCommandLine(_ handler: @escaping @MainActor (CommandLineInvocation) -> Int32) {
        typealias Handler = @MainActor (CommandLineInvocation) -> Int32
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gint = { _, commandLine, data in
            let box = HandlerBox<Handler>.from(data)
            return MainActor.assumeIsolated { box.function(CommandLineInvocation(commandLine!)) }
        }
        _ = connect(
            "command-line", box: HandlerBox<Handler>(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Whether another instance runs and this one only passes its command line on; registers
    /// the application first if it is not registered yet.
    public var isRemote: Bool {
        if g_application_get_is_registered(application) == 0 { register() }
        return g_application_get_is_remote(application) != 0
    }

    /// Runs the main loop with the process's own arguments; returns the exit status.
    public func run() -> Int32 {
        g_application_run(application, CommandLine.argc, CommandLine.unsafeArgv)
    }

    public func quit() { g_application_quit(application) }
}

/// One launch's command line, as the instance that runs receives it.
@MainActor
public struct CommandLineInvocation {
    private let commandLine: OpaquePointer

    init(_ commandLine: OpaquePointer) { self.commandLine = commandLine }

    private var raw: UnsafeMutablePointer<GApplicationCommandLine> { UnsafeMutablePointer(commandLine) }

    /// Whether the command line comes from a later launch rather than this process's own.
    public var isRemote: Bool { g_application_command_line_get_is_remote(raw) != 0 }

    /// The options GApplication parsed.
    public var options: ParsedOptions { ParsedOptions(dict: g_application_command_line_get_options_dict(raw)) }

    /// The arguments left after the options (the program name dropped), as typed: `path(of:)`
    /// resolves those that are files.
    public var arguments: [String] {
        var count: gint = 0
        guard let arguments = g_application_command_line_get_arguments(raw, &count) else { return [] }
        defer { g_strfreev(arguments) }
        return (1..<max(1, Int(count))).compactMap { index in arguments[index].map { String(cString: $0) } }
    }

    /// `argument` (a path as typed) resolved against the launch's working folder.
    public func path(of argument: String) -> String {
        let file = g_application_command_line_create_file_for_arg(raw, argument)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return argument }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// Writes `text` to the launching process's standard error.
    public func printError(_ text: String) { foldout_command_line_printerr(raw, text) }

    /// Keeps the launching process waiting for its answer while the returned object lives: what
    /// the command line asked for may finish later (a file read, its filters checked).
    public func hold() -> HeldCommandLine { HeldCommandLine(borrowing: UnsafeMutableRawPointer(commandLine)) }
}

/// A launch's command line whose answer is not given yet. GApplication tells a later launch its
/// exit status when the last reference to its command line goes: when this object does.
@MainActor
public final class HeldCommandLine: Object {
    private var commandLine: UnsafeMutablePointer<GApplicationCommandLine> { cast() }

    /// The launching process's exit status so far. The `command-line` handler must return it: GLib
    /// sets the status to the handler's result after the handler, over any set during it.
    public private(set) var status: Int32 = 0

    /// Says `message` on the launching process's standard error, and makes its status 2.
    public func fail(_ message: String) {
        foldout_command_line_printerr(commandLine, message)
        status = 2
        g_application_command_line_set_exit_status(commandLine, status)
    }

    /// `argument` (a path as typed) resolved against the launch's working folder.
    public func path(of argument: String) -> String {
        CommandLineInvocation(OpaquePointer(commandLine)).path(of: argument)
    }
}

/// The options dictionary of `handle-local-options` or of a command line.
@MainActor
public struct ParsedOptions {
    let dict: UnsafeMutablePointer<GVariantDict>

    public func contains(_ name: String) -> Bool { g_variant_dict_contains(dict, name) != 0 }

    public func string(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dict, name, foldout_variant_type_string()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// An option that may be given several times, each value in order; empty when not given.
    public func strings(_ name: String) -> [String] {
        guard let value = g_variant_dict_lookup_value(dict, name, foldout_variant_type_strings()) else { return [] }
        defer { g_variant_unref(value) }
        var count: gsize = 0
        guard let strings = g_variant_get_strv(value, &count) else { return [] }
        defer { g_free(strings) }
        return (0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
    }

    /// Filename options arrive as byte strings in the file system's encoding.
    public func filename(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dict, name, foldout_variant_type_bytestring()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_bytestring(value))
    }
}

func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicates = strings.map { UnsafePointer(strdup($0)!) }
    defer { for duplicate in duplicates { free(UnsafeMutableRawPointer(mutating: duplicate)) } }
    var pointers: [UnsafePointer<CChar>?] = duplicates + [nil]
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
