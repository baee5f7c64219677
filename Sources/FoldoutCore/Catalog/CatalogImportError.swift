// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a catalog file was refused, and where: the line (1-based, the header is line 1; 0 when
/// the file could not be read at all) and, where it matters, the column (1-based field number).
/// An import is all or nothing: no catalog comes with an error.
public struct CatalogImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unreadable(String)
        case empty
        case noRows
        case invalidUTF8
        case wrongFieldCount(expected: Int, found: Int)
        case tooManyColumns(Int)
        case unterminatedQuote
        /// The file was truncated, extended or written to while it was read.
        case changedWhileRead
        /// The reading was cancelled; not shown as an error.
        case cancelled
        /// The text is not valid in the character set it was read as.
        case invalidText(encoding: String)
        /// A character set the system cannot convert from.
        case unknownEncoding(String)
        /// A compressed file or archive that cannot be decompressed: the library's words.
        case damaged(format: String, detail: String)
        /// JSON that is not well formed, or not objects: the problem, in words.
        case json(String)
        /// A database or archive with several tables: one must be chosen. Their names.
        case severalTables([String])
        /// The table asked for is not there: its name, and the ones there are.
        case noSuchTable(String, [String])
        /// A database with no table or view, or an archive with no CSV, TSV or JSON file.
        case noTables
        /// The database server could not be reached, or refused the connection: libpq's words.
        case cannotConnect(String)
        /// The database server asks for a password and the address gave none: libpq's words.
        case needsPassword(String)
        /// The database server refused the password the address, the keyring or libpq gave: libpq's words.
        case passwordRefused(String)
        /// The database server refused a query (permission denied, a table dropped): its words.
        case serverRefused(String)
        /// A problem in a spreadsheet's sheet, at the error's row and column when it has them.
        case sheet(String, problem: String)
        /// A file that is no table, and what it is instead: "a PNG image" (`CatalogFileSignature`).
        case notATable(kind: String)
    }

    public let line: Int
    public let column: Int?
    public let reason: Reason
    /// The file that could not be read, for `.unreadable` and `.changedWhileRead` from
    /// `Catalog.load(path:)`.
    public let path: String?

    public init(line: Int, column: Int? = nil, reason: Reason, path: String? = nil) {
        self.line = line
        self.column = column
        self.reason = reason
        self.path = path
    }

    /// "cannot open catalog “flights.csv”: `reason`", as a launch, an export and the window say
    /// it; a database's password is left out of its address.
    public static func cannotOpen(_ path: String, _ reason: String) -> String {
        tr("cannot open catalog “{file}”: {reason}", ["file": DatabaseAddress.withoutPassword(path), "reason": reason])
    }

    /// "cannot open catalog “flights.csv”: …", or the error alone where it names the file itself
    /// ("picture.png is a PNG image, not a table").
    public static func cannotOpen(_ path: String, _ error: CatalogImportError) -> String {
        if case .notATable = error.reason { return error.description }
        return cannotOpen(path, error.description)
    }

    /// One line for people: "line 7, column 3: a quoted field is never closed", or
    /// "cannot read “x.csv”: …".
    public var description: String {
        switch reason {
        case .unreadable(let why):
            path.map { tr("cannot read “{file}”: {reason}", ["file": $0, "reason": why]) }
                ?? tr("cannot read the file: {reason}", ["reason": why])
        case .empty: at(tr("the file is empty, it needs a header row"))
        case .noRows: line == 0 ? tr("the table has no rows") : at(tr("the file has a header row but no rows"))
        case .invalidUTF8: at(tr("the text is not valid UTF-8"))
        case .wrongFieldCount(let expected, let found):
            at(
                trn(
                    "expected {expected} field, found {found}", "expected {expected} fields, found {found}", expected,
                    ["expected": String(expected), "found": String(found)]))
        case .tooManyColumns(let count):
            at(
                tr(
                    "{count} columns, more than the {limit} a catalog can have",
                    ["count": String(count), "limit": String(Catalog.maxColumns)]))
        case .unterminatedQuote: at(tr("a quoted field is never closed"))
        case .changedWhileRead:
            path.map { tr("“{file}” changed while it was read; try again", ["file": Catalog.fileName(of: $0)]) }
                ?? tr("the file changed while it was read; try again")
        case .cancelled: tr("the reading was cancelled")
        case .invalidText(let encoding): at(tr("the text is not valid {encoding}", ["encoding": encoding]))
        case .unknownEncoding(let name):
            tr("“{encoding}” is not a character set this system can read", ["encoding": name])
        case .damaged(let format, let detail):
            tr("the {format} data is damaged: {detail}", ["format": format, "detail": detail])
        case .json(let problem): at(problem)
        case .severalTables(let names):
            trn(
                "it holds {count} table: {names}; choose one (--table NAME)",
                "it holds {count} tables: {names}; choose one (--table NAME)", names.count,
                ["count": String(names.count), "names": names.joined(separator: ", ")])
        case .noSuchTable(let name, let names):
            tr(
                "it has no table “{table}”; its tables: {names}",
                ["table": name, "names": names.joined(separator: ", ")])
        case .noTables: tr("it holds no table, and no CSV, TSV or JSON file")
        case .cannotConnect(let why), .needsPassword(let why), .passwordRefused(let why):
            tr("cannot connect to the database: {reason}", ["reason": why])
        case .serverRefused(let why): tr("the database server refused: {reason}", ["reason": why])
        case .sheet(let sheet, let problem): inSheet(sheet, problem)
        case .notATable(let kind):
            // TRANSLATORS: {kind} is what the file is instead: "a PNG image", "a PDF document".
            tr(
                "{file} is {kind}, not a table",
                ["file": Catalog.fileName(of: path ?? tr("the file")), "kind": kind])
        }
    }

    /// "sheet “Prices”, row 7, column C: …", or "sheet “Prices”: …" for the whole sheet.
    private func inSheet(_ sheet: String, _ problem: String) -> String {
        let place =
            line > 0
            ? tr(
                "sheet “{sheet}”, row {row}, column {column}",
                ["sheet": sheet, "row": String(line), "column": Self.columnLetters(column ?? 1)])
            : tr("sheet “{sheet}”", ["sheet": sheet])
        return tr("{place}: {problem}", ["place": place, "problem": problem])
    }

    /// A spreadsheet's name for its 1-based column: A, …, Z, AA, AB, ….
    public static func columnLetters(_ column: Int) -> String {
        var number = max(column, 1)
        var letters: [Character] = []
        while number > 0 {
            number -= 1
            letters.insert(Character(Unicode.Scalar(UInt8(65 + number % 26))), at: 0)
            number /= 26
        }
        return String(letters)
    }

    /// "line 7: …" or "line 7, column 3: …".
    private func at(_ message: String) -> String {
        // A table with no lines of its own (a database's) has no place to name.
        guard line > 0 else { return message }
        let place =
            column.map { tr("line {line}, column {column}", ["line": String(line), "column": String($0)]) }
            ?? tr("line {line}", ["line": String(line)])
        // TRANSLATORS: where a problem is in a file, then the problem: "line 7, column 3: the text is not valid UTF-8".
        return tr("{place}: {problem}", ["place": place, "problem": message])
    }
}
