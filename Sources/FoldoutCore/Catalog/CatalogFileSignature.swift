// SPDX-License-Identifier: GPL-3.0-or-later
/// What a file that is no table is, told from its first bytes: a picture, a document, a program,
/// a recording. The readers ask before they read text, so that a PNG is named as one rather than
/// refused as text in no character set. Zip, gzip, bzip2, xz and zstd are not named here: they may
/// hold a table (and a workbook is a zip archive).
public enum CatalogFileSignature {
    /// "a PNG image", "a PDF document", …, or nil for a file that may be text or a table.
    public static func kind(of head: some Collection<UInt8>) -> String? {
        let bytes = Array(head.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return tr("a PNG image") }
        if starts([0xFF, 0xD8, 0xFF]) { return tr("a JPEG image") }
        if starts("GIF87a") || starts("GIF89a") { return tr("a GIF image") }
        if starts("RIFF") && starts("WEBP", at: 8) { return tr("a WebP image") }
        if starts("RIFF") && starts("WAVE", at: 8) { return tr("a WAV recording") }
        if starts("RIFF") && starts("AVI ", at: 8) { return tr("an AVI video") }
        if starts("%PDF-") { return tr("a PDF document") }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return tr("a program (an ELF executable)") }
        // ID3 tags are followed by their version (2 to 4) and a zero byte, text is not.
        if (starts("ID3") && bytes.count > 4 && (2...4).contains(bytes[3]) && bytes[4] == 0) || starts([0xFF, 0xFB])
            || starts([0xFF, 0xF3])
        {
            return tr("an MP3 recording")
        }
        if starts("ftyp", at: 4) { return tr("an MP4 video or picture") }
        if starts("OggS\u{0}") { return tr("an Ogg recording") }
        if starts("fLaC") { return tr("a FLAC recording") }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return tr("a Matroska or WebM video") }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return tr("a TIFF image") }
        if starts("BM") && bytes.count >= 14 && bytes[6...9].allSatisfy({ $0 == 0 }) { return tr("a BMP image") }
        if starts("7z") && starts([0xBC, 0xAF, 0x27, 0x1C], at: 2) { return tr("a 7-Zip archive") }
        if starts("Rar!\u{1A}\u{07}") { return tr("a RAR archive") }
        return nil
    }

    /// The refusal of `path`, when its first bytes say it is no table.
    public static func refusal(path: String, head: some Collection<UInt8>) -> CatalogImportError? {
        kind(of: head).map { CatalogImportError(line: 0, reason: .notATable(kind: $0), path: path) }
    }
}
