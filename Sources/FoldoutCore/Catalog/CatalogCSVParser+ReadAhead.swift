// SPDX-License-Identifier: GPL-3.0-or-later
/// Parsing a file as it is read: each scanner keeps a few MiB read ahead of it (in the blocks of
/// memory the parsed stretch behind it gave back), so the file's bytes are parsed while the cache
/// holds them and the whole file is never in memory at once. A record that runs past what is read
/// ahead (one longer than `readMargin`), or any problem found, sends the parser back to the start
/// with the file read whole, which then reads and names it as before.
extension CatalogCSVParser {
    /// Reads `read`'s range of the input (from any thread), or `readWhole` all of it.
    struct ReadAhead: Sendable {
        let read: @Sendable (Range<Int>) throws(CatalogImportError) -> Void
        let readWhole: @Sendable () throws(CatalogImportError) -> Void
    }

    /// A scanner keeps at least `readMargin` bytes read ahead of it, reading up to `readWindow`
    /// ahead when it has fewer.
    static let readMargin = 1 << 20, readWindow = 2 << 20

    /// Reads ahead of `scanner` when what is read ahead of it is less than `readMargin`.
    @inline(__always)
    static func readAhead(_ scanner: inout CatalogCSVScanner, _ ahead: ReadAhead?) throws(CatalogImportError) {
        guard let ahead, scanner.index + readMargin > scanner.readable, scanner.readable < scanner.bytes.count else {
            return
        }
        let end = min(scanner.bytes.count, scanner.index + readWindow)
        try ahead.read(max(scanner.readable, scanner.index)..<end)
        scanner.readable = end
    }

    /// A scanner that reads `bytes` from `start`, where nothing is known to be read yet when
    /// `ahead` reads them.
    static func makeScanner(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, ahead: ReadAhead?
    ) throws(CatalogImportError) -> CatalogCSVScanner {
        var scanner = CatalogCSVScanner(bytes: bytes, startingAt: start, delimiter: delimiter)
        if ahead != nil { scanner.readable = start }
        try readAhead(&scanner, ahead)
        return scanner
    }
}
