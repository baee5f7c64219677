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
        case .unreadable(let why): "cannot read " + (path.map { "“\($0)”" } ?? "the file") + ": " + why
        case .empty: "line \(line): the file is empty, it needs a header row"
        case .invalidUTF8: "line \(line): the text is not valid UTF-8"
        case .missingColumn(let column): "line \(line): there is no “\(column)” column"
        case .wrongFieldCount(let expected, let found): "line \(line): expected \(expected) fields, found \(found)"
        case .unknownFacetValue(let column, let value): "line \(line): unknown \(column) “\(value)”"
        case .badNumber(let column, let value): "line \(line): “\(value)” is not a \(column)"
        case .badDate(let value): "line \(line): “\(value)” is not a date (YYYY-MM-DD)"
        case .unterminatedQuote: "line \(line): a quoted field is never closed"
        case .emptyName: "line \(line): the name is empty"
        }
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
