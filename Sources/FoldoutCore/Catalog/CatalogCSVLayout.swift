// SPDX-License-Identifier: GPL-3.0-or-later
/// How a delimited file is laid out before its first field: a byte order mark, and the delimiter.
extension CatalogCSVParser {
    /// Where the header starts (after a UTF-8 byte order mark) and the delimiter.
    static func layout(of bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, delimiter: UInt8) {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return (start, sniffDelimiter(UnsafeBufferPointer(rebasing: bytes[start...])))
    }

    /// Comma, tab or semicolon: the one that splits the first lines (up to ten, outside quotes)
    /// into the same number of fields, the most fields winning; a comma when none does.
    static func sniffDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let candidates: [UInt8] = [44, 9, 59]
        var counts = [[Int]](repeating: [], count: candidates.count)
        var current = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        var index = 0
        let end = min(bytes.count, 1 << 16)
        while index < end && counts[0].count < 10 {
            let byte = bytes[index]
            if byte == 34 {
                inQuotes.toggle()
            } else if !inQuotes && byte == 10 {
                for candidate in candidates.indices { counts[candidate].append(current[candidate]) }
                current = [Int](repeating: 0, count: candidates.count)
            } else if !inQuotes, let candidate = candidates.firstIndex(of: byte) {
                current[candidate] += 1
            }
            index += 1
        }
        if current.contains(where: { $0 > 0 }) {
            for candidate in candidates.indices { counts[candidate].append(current[candidate]) }
        }
        var best = 0
        var bestScore = 0
        for candidate in candidates.indices {
            guard let first = counts[candidate].first, first > 0 else { continue }
            let consistent = counts[candidate].allSatisfy { $0 == first }
            let score = consistent ? first * 2 + 1 : 0
            if score > bestScore { (best, bestScore) = (candidate, score) }
        }
        if bestScore == 0 {
            best = (0..<candidates.count).max { (counts[$0].first ?? 0) < (counts[$1].first ?? 0) } ?? 0
            if (counts[best].first ?? 0) == 0 { best = 0 }
        }
        return candidates[best]
    }
}

/// Text whose lines end with a carriage return alone, as classic Mac OS wrote them (and Excel for
/// Mac's "CSV (Macintosh)" and some statistics programs still do): read as if they were line feeds.
enum CatalogLineEnds {
    private static let lineFeed: UInt8 = 10, carriageReturn: UInt8 = 13

    /// Whether `text` ends its lines with carriage returns alone: one in its first 64 KiB, and no
    /// line feed anywhere (a carriage return in a file of line feeds is a character of a value).
    static func areCarriageReturns(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mayBeCarriageReturns(text) else { return false }
        return !UnsafeBufferPointer(rebasing: text[min(text.count, headSize)...]).contains(lineFeed)
    }

    /// The bytes `areCarriageReturns` looks at first.
    static let headSize = 1 << 16

    /// Whether `text` may end its lines with carriage returns alone, from its first `headSize`
    /// bytes: the rest of it has to be read to tell.
    static func mayBeCarriageReturns(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = UnsafeBufferPointer(rebasing: text.prefix(headSize))
        return head.contains(carriageReturn) && !head.contains(lineFeed)
    }

    /// A copy of `text` with each carriage return a line feed.
    static func withLineFeeds(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        text.map { $0 == carriageReturn ? lineFeed : $0 }
    }
}
