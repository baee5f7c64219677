// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeflate
import FoldoutCore

/// A gzip file (one member or several) decompressed whole by libdeflate, about two and a half
/// times as fast as zlib, which libarchive streams it through. Foldout keeps the whole text in
/// memory anyway, so nothing is lost by not streaming; the size written in the file's last member
/// gives the buffer's size, so its bytes are written once and never copied, while another thread
/// makes the buffer's pages ready ahead of them (`FreshPages`).
enum GzipInflation {
    /// The decompressed bytes; nil when libdeflate cannot make them (damaged data, bytes after
    /// the last member that are no member, more than `Catalog.textSizeLimit`): libarchive reads the file then,
    /// and says what is wrong in its words. `loading` hears the compressed bytes read per member.
    static func inflate(_ compressed: UnsafeBufferPointer<UInt8>, loading: CatalogLoading?, path: String)
        throws(CatalogImportError) -> [UInt8]?
    {
        guard compressed.count >= 18, let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // Deflate makes at most 1,032 bytes of one, so a larger size said is a lie not to believe.
        var capacity = max(min(writtenSize(compressed), compressed.count * 1032), 4096)
        while true {
            var outcome = Outcome.damaged
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
                written = 0
                outcome = FreshPages.prepared(output) {
                    inflateMembers(compressed, into: output, &written, decompressor, loading)
                }
            }
            switch outcome {
            case .done: return bytes
            case .cancelled: throw CatalogImportError(line: 0, reason: .cancelled, path: path)
            case .damaged: return nil
            case .tooSmall:
                guard capacity < Catalog.textSizeLimit else { return nil }
                capacity = min(capacity * 2, Catalog.textSizeLimit)
            }
        }
    }

    private enum Outcome { case done, tooSmall, damaged, cancelled }

    /// Every member in turn, each after the last one's end in `output`.
    private static func inflateMembers(
        _ compressed: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, _ written: inout Int,
        _ decompressor: OpaquePointer, _ loading: CatalogLoading?
    ) -> Outcome {
        guard let input = compressed.baseAddress, let out = output.baseAddress else { return .damaged }
        var consumed = 0
        repeat {
            var used = 0
            var produced = 0
            let result = libdeflate_gzip_decompress_ex(
                decompressor, input + consumed, compressed.count - consumed, out + written, output.count - written,
                &used, &produced)
            switch result {
            case LIBDEFLATE_SUCCESS: break
            case LIBDEFLATE_INSUFFICIENT_SPACE: return .tooSmall
            default: return .damaged
            }
            consumed += used
            written += produced
            if let loading, !loading.report(read: consumed) { return .cancelled }
        } while consumed + 1 < compressed.count && compressed[consumed] == 0x1F && compressed[consumed + 1] == 0x8B
        return consumed == compressed.count ? .done : .damaged
    }

    /// ISIZE, the last member's size modulo 2³² as its last four bytes say (little-endian): the
    /// whole text's size for the files of one member under 4 GB that nearly everyone has.
    private static func writtenSize(_ compressed: UnsafeBufferPointer<UInt8>) -> Int {
        let end = compressed.count
        return (0..<4).reduce(0) { $0 | Int(compressed[end - 4 + $1]) << (8 * $1) }
    }
}
