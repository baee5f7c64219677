// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGLib
import FoldoutCore

/// Character sets other than UTF-8, converted with GLib's `g_convert` (iconv underneath): UTF-16
/// by its byte order mark, and the legacy 8-bit sets that spreadsheets on Windows still write.
public enum TextEncoding {
    /// The character sets offered when a file was read as the wrong one: iconv's name, and the
    /// name people know.
    public static let choices: [(name: String, label: String)] = [
        ("UTF-8", "UTF-8"), ("WINDOWS-1252", "Windows-1252"), ("ISO-8859-15", "ISO-8859-15"),
        ("ISO-8859-1", "ISO-8859-1"), ("MACINTOSH", "Mac OS Roman"), ("WINDOWS-1250", "Windows-1250"),
        ("ISO-8859-2", "ISO-8859-2"), ("WINDOWS-1251", "Windows-1251"), ("KOI8-R", "KOI8-R"),
        ("WINDOWS-1253", "Windows-1253"), ("WINDOWS-1254", "Windows-1254"), ("WINDOWS-1255", "Windows-1255"),
        ("WINDOWS-1256", "Windows-1256"), ("WINDOWS-1257", "Windows-1257"), ("SHIFT_JIS", "Shift_JIS"),
        ("EUC-JP", "EUC-JP"), ("GB18030", "GB18030"), ("BIG5", "Big5"), ("EUC-KR", "EUC-KR"),
        ("UTF-16LE", "UTF-16LE"), ("UTF-16BE", "UTF-16BE"),
    ]

    /// The name people know for the character set `name` ("Windows-1252").
    public static func label(of name: String) -> String {
        choices.first { $0.name == name.uppercased() }?.label ?? name
    }

    static func isUTF8(_ name: String?) -> Bool {
        guard let name else { return true }
        return ["UTF-8", "UTF8"].contains(name.uppercased())
    }

    /// The character set a byte order mark at the start of `bytes` names, other than UTF-8's.
    static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 2 else { return nil }
        if bytes[0] == 0xFF && bytes[1] == 0xFE { return "UTF-16LE" }
        if bytes[0] == 0xFE && bytes[1] == 0xFF { return "UTF-16BE" }
        return nil
    }

    static func byteOrderMark(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBufferPointer { byteOrderMark($0) } }

    /// The legacy 8-bit (or multi-byte) character set of the user's language: what a file that
    /// is not UTF-8 was most likely written in. Windows-1252 for the languages of Western Europe
    /// and the Americas, and wherever the language has none.
    static var legacy: String {
        let locale = g_get_language_names().map { String(cString: $0.pointee!) } ?? "C"
        let language = locale.split(whereSeparator: { "_.@".contains($0) }).first.map(String.init) ?? ""
        return legacyByLanguage[language]
            ?? (locale.hasPrefix("zh_TW") || locale.hasPrefix("zh_HK") ? "BIG5" : "WINDOWS-1252")
    }

    private static let legacyByLanguage: [String: String] = [
        "pl": "WINDOWS-1250", "cs": "WINDOWS-1250", "sk": "WINDOWS-1250", "hu": "WINDOWS-1250", "hr": "WINDOWS-1250",
        "sl": "WINDOWS-1250", "ro": "WINDOWS-1250", "bs": "WINDOWS-1250", "sq": "WINDOWS-1250",
        "ru": "WINDOWS-1251", "uk": "WINDOWS-1251", "be": "WINDOWS-1251", "bg": "WINDOWS-1251", "sr": "WINDOWS-1251",
        "mk": "WINDOWS-1251", "el": "WINDOWS-1253", "tr": "WINDOWS-1254", "az": "WINDOWS-1254", "he": "WINDOWS-1255",
        "ar": "WINDOWS-1256", "fa": "WINDOWS-1256", "ur": "WINDOWS-1256", "lt": "WINDOWS-1257", "lv": "WINDOWS-1257",
        "et": "WINDOWS-1257", "vi": "WINDOWS-1258", "th": "TIS-620", "ja": "SHIFT_JIS", "zh": "GB18030",
        "ko": "EUC-KR",
    ]

    /// `bytes` in UTF-8, from the character set `name`. Bytes that are not text in it are
    /// refused with their line.
    static func convert(_ bytes: UnsafeBufferPointer<UInt8>, from name: String) throws(CatalogImportError) -> [UInt8] {
        var read = 0
        var written = 0
        var error: UnsafeMutablePointer<GError>?
        let output = bytes.withMemoryRebound(to: CChar.self) { text in
            g_convert(text.baseAddress, gssize(text.count), "UTF-8", name, &read, &written, &error)
        }
        guard let output else {
            let code = error?.pointee.code ?? 0
            g_clear_error(&error)
            // GLib says FAILED when iconv does not know the name, NO_CONVERSION when it cannot
            // convert between two it knows.
            if code == Int32(G_CONVERT_ERROR_NO_CONVERSION.rawValue) || code == Int32(G_CONVERT_ERROR_FAILED.rawValue) {
                throw CatalogImportError(line: 0, reason: .unknownEncoding(name))
            }
            throw CatalogImportError(
                line: line(at: min(Int(read), bytes.count), in: bytes, encoding: name),
                reason: .invalidText(encoding: label(of: name)))
        }
        defer { g_free(output) }
        return output.withMemoryRebound(to: UInt8.self, capacity: Int(written)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(written)))
        }
    }

    /// The 1-based line of byte `offset`: line feeds counted as bytes, or as UTF-16 code units.
    private static func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, encoding: String) -> Int {
        let upper = encoding.uppercased()
        guard upper.hasPrefix("UTF-16") else { return 1 + bytes[0..<offset].count { $0 == 10 } }
        let lowFirst = upper != "UTF-16BE"
        var line = 1
        for index in stride(from: 0, to: offset - 1, by: 2) {
            let (low, high) = lowFirst ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            if low == 10 && high == 0 { line += 1 }
        }
        return line
    }
}
