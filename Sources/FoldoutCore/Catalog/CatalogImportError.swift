/// Why a catalog file was refused, and on which line (1-based, the header is line 1; 0 when the
/// file could not be read at all). An import is all or nothing: no catalog comes with an error.
public struct CatalogImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unreadable(String)
        case empty
        case invalidUTF8
        case missingColumn(String)
        case wrongFieldCount(expected: Int, found: Int)
        case unknownFacetValue(column: String, value: String)
        case badNumber(column: String, value: String)
        case badDate(String)
        case unterminatedQuote
        case emptyName
    }

    public let line: Int
    public let reason: Reason
    /// The file that could not be read, for `.unreadable` from `Catalog.load(path:)`.
    public let path: String?

    public init(line: Int, reason: Reason, path: String? = nil) {
        self.line = line
        self.reason = reason
        self.path = path
    }

    /// One line for people: "line 7: unknown color “Mauve”", or "cannot read “x.csv”: …".
    public var description: String {
        switch reason {
        case .unreadable(let why):
            path.map { tr("cannot read “{file}”: {reason}", ["file": $0, "reason": why]) }
                ?? tr("cannot read the file: {reason}", ["reason": why])
        case .empty: onLine(tr("line {line}: the file is empty, it needs a header row"))
        case .invalidUTF8: onLine(tr("line {line}: the text is not valid UTF-8"))
        case .missingColumn(let column): onLine(tr("line {line}: there is no “{column}” column"), ["column": column])
        case .wrongFieldCount(let expected, let found):
            onLine(trn("line {line}: expected {expected} field, found {found}", "line {line}: expected {expected} fields, found {found}", expected),
                   ["expected": String(expected), "found": String(found)])
        case .unknownFacetValue(let column, let value):
            onLine(tr("line {line}: unknown {column} “{value}”"), ["column": column, "value": value])
        case .badNumber(let column, let value): onLine(tr("line {line}: “{value}” is not a {column}"), ["column": column, "value": value])
        case .badDate(let value): onLine(tr("line {line}: “{value}” is not a date (YYYY-MM-DD)"), ["value": value])
        case .unterminatedQuote: onLine(tr("line {line}: a quoted field is never closed"))
        case .emptyName: onLine(tr("line {line}: the name is empty"))
        }
    }

    /// A translated message with `{line}` and the other placeholders filled in. The CSV column
    /// names stay as the file spells them.
    private func onLine(_ message: String, _ values: [String: String] = [:]) -> String {
        var values = values
        values["line"] = String(line)
        return Localization.fill(message, values)
    }

    /// A value quoted in a message: at most 40 characters of it, control characters (line breaks,
    /// NUL) shown as U+FFFD so that the message stays on one line.
    static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var end = min(bytes.count, 160)
        while end < bytes.count && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        let shown = text.count > 40 || end < bytes.count ? String(text.prefix(40)) + "…" : text
        var scalars = String.UnicodeScalarView()
        for scalar in shown.unicodeScalars {
            scalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
