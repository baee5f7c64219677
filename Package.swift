// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

let package = Package(
    name: "Foldout",
    products: [
        .executable(name: "foldout", targets: ["foldout"]),
        .executable(name: "foldout-bench", targets: ["foldout-bench"]),
    ],
    targets: [
        // System library over GTK 4 (pkg-config gtk4); shim.h adds inline helpers for variadic C API.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // Small GTK pieces that are easier in C: the lazy id list model used by the list views,
        // GTK 4.12's Tab behaviour of lists for GTK 4.8, and a GtkInscription that does not leak.
        .target(name: "CFoldoutModel", dependencies: ["CGtk"]),
        // The thin Swift wrapper: the only place that touches raw pointers and reference counts.
        .target(name: "Gtk", dependencies: ["CGtk", "CFoldoutModel", "CSecret"], exclude: ["README.md"]),
        // libsecret: a database's password kept in the desktop's keyring (the Secret Service).
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        // What only tests read back from GTK (widget trees, accessible states, the clipboard).
        .target(name: "GtkTesting", dependencies: ["Gtk", "CGtk", "CFoldoutModel"]),
        // Platform-neutral view models and data. No GTK, no C.
        .target(name: "FoldoutCore"),
        // The C libraries that read catalogs in other shapes: compressed files and archives, SQLite
        // databases, and text in other character sets (GLib's conversion).
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // ISA-L's inflate: a gzip file decompressed about 2.5 times as fast as zlib (libarchive's)
        // does it, a stretch at a time, so that it is parsed as it is decompressed.
        .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // PostgreSQL's client library, for a table that lives in a database server.
        .systemLibrary(name: "CPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // Spreadsheets: the XML of .xlsx and .ods through libxml2's streaming reader, and Excel
        // 97–2003's .xls through FreeXL.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CFreeXL", pkgConfig: "freexl", providers: [.apt(["libfreexl-dev"])]),
        // Catalogs from any file a user has, or a database server's table, through those libraries:
        // the only other place, beside Sources/Gtk, that calls C libraries.
        .target(
            name: "CatalogFormats",
            dependencies: ["FoldoutCore", "CArchive", "CIsal", "CSQLite", "CGLib", "CPQ", "CXML2", "CFreeXL"]),
        .target(
            name: "FoldoutUI", dependencies: ["Gtk", "FoldoutCore", "CatalogFormats"], plugins: ["StyleSheetPlugin"]),
        // The style sheets in Resources/ as Swift strings, generated at build time: one source.
        .executableTarget(name: "style-embedder"),
        .plugin(name: "StyleSheetPlugin", capability: .buildTool(), dependencies: ["style-embedder"]),
        .executableTarget(name: "foldout", dependencies: ["FoldoutUI"]),
        // Benchmarks: figures printed beside a baseline measured in the same run.
        .executableTarget(
            name: "foldout-bench",
            dependencies: ["FoldoutCore", "CatalogFormats", "FoldoutUI", "Gtk", "PostgresTesting"]),
        .executableTarget(name: "first-frame-c", dependencies: ["CGtk"], path: "Benchmarks/first-frame"),
        .executableTarget(name: "string-list-c", dependencies: ["CGtk"], path: "Benchmarks/string-list"),
        .testTarget(name: "FoldoutCoreTests", dependencies: ["FoldoutCore"]),
        // A throwaway PostgreSQL server for the tests, and the rows they load into it.
        .target(name: "PostgresTesting"),
        .testTarget(name: "CatalogFormatsTests", dependencies: ["CatalogFormats", "FoldoutCore", "PostgresTesting"]),
        .testTarget(
            name: "FoldoutUITests",
            dependencies: ["FoldoutUI", "Gtk", "GtkTesting", "FoldoutCore", "CatalogFormats", "PostgresTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
