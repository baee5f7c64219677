#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Catalog {
    /// Reads the file at `path` and parses it as CSV (`parseCSV`). A file that cannot be read
    /// throws `.unreadable` with line 0.
    public static func load(path: String) throws(CatalogImportError) -> Catalog {
        try parseCSV(try CatalogFile.contents(of: path))
    }
}

/// Whole-file reading with the C library, errors as `CatalogImportError.unreadable`.
enum CatalogFile {
    static func contents(of path: String) throws(CatalogImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0 && info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ path: String) -> CatalogImportError {
        CatalogImportError(line: 0, reason: .unreadable(String(cString: strerror(errno))), path: path)
    }
}
