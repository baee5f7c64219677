// SPDX-License-Identifier: GPL-3.0-or-later
/// An export whose bytes come a piece at a time from elsewhere (a database server's `COPY`),
/// written as `CatalogExport` writes: through a temporary file renamed onto `path` when complete,
/// so that a failure leaves whatever was at `path` as it was.
public enum StreamedExport {
    /// Calls `produce` with a sink for the bytes (which answers false once writing failed, for
    /// `produce` to stop); returns the problem in one line, `produce`'s or the file's.
    public static func write(
        to path: String, _ produce: (_ sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> String?
    ) -> String? {
        let file: ReplacingFile
        do { file = try ReplacingFile(replacing: path) } catch {
            return CatalogExportError(reason: .unwritable(error.text), path: path).description
        }
        var failure: SystemError?
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() {
            guard failure == nil, !buffer.isEmpty else { return }
            do throws(SystemError) { try file.write(buffer) } catch { failure = error }
            buffer.removeAll(keepingCapacity: true)
        }
        let problem = produce { bytes in
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 20 { flush() }
            return failure == nil
        }
        flush()
        if let failure {
            file.abandon()
            return CatalogExportError(reason: .unwritable(failure.text), path: path).description
        }
        if let problem {
            file.abandon()
            return problem
        }
        do { try file.commit() } catch {
            return CatalogExportError(reason: .unwritable(error.text), path: path).description
        }
        return nil
    }
}
