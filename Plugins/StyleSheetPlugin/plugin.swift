// SPDX-License-Identifier: GPL-3.0-or-later
import PackagePlugin

/// Generates `StyleSheets.swift` for FoldoutUI from the style sheets in Resources/, so that the
/// CSS has one source: the same files meson compiles into foldout.gresource.
@main
struct StyleSheetPlugin: BuildToolPlugin {
    static let sheets = ["css": "style.css", "darkCSS": "style-dark.css", "highContrastCSS": "style-hc.css"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let output = context.pluginWorkDirectoryURL.appending(path: "StyleSheets.swift")
        let inputs = Self.sheets.sorted { $0.key < $1.key }.map {
            (name: $0.key, file: resources.appending(path: $0.value))
        }
        return [
            .buildCommand(
                displayName: "Embedding the style sheets",
                executable: try context.tool(named: "style-embedder").url,
                arguments: [output.path()] + inputs.map { "\($0.name)=\($0.file.path())" },
                inputFiles: inputs.map(\.file),
                outputFiles: [output]
            )
        ]
    }
}
