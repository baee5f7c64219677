// SPDX-License-Identifier: GPL-3.0-or-later

/// Text as search compares it: lowercase, without accents ("Café" → "cafe", "İstanbul" →
/// "istanbul", "Ærø" → "aero"), as UTF-8 bytes. Each character is folded on its own: lowercased,
/// decomposed canonically (`AccentTable`), its combining diacritical marks dropped, and a few
/// letters that do not decompose (ß, æ, ø, ł, đ, …) spelled out as their base letters. Text and query folded alike
/// compare by bytes, so a substring of the folded text is a match.
struct TextFolder {
    /// The folded bytes of each non-ASCII scalar met so far.
    private var cache: [UInt32: [UInt8]] = [:]

    /// ASCII letters lowercased; every other byte as it is.
    static let lowercasedASCII: [UInt8] = (0...255).map { byte in
        (65...90).contains(byte) ? UInt8(byte + 32) : UInt8(byte)
    }

    /// Appends the folded form of `text` (valid UTF-8) to `out`.
    mutating func fold(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                out.append(Self.lowercasedASCII[Int(lead)])
                index += 1
                continue
            }
            let (scalar, length) = Self.decode(text, at: index)
            out.append(contentsOf: folded(scalar))
            index += length
        }
    }

    mutating func fold(_ text: String) -> [UInt8] {
        var text = text
        var out: [UInt8] = []
        text.withUTF8 { fold($0, into: &out) }
        return out
    }

    mutating func folded(_ scalar: UInt32) -> [UInt8] {
        if let known = cache[scalar] { return known }
        let bytes = Self.fold(scalar: scalar)
        cache[scalar] = bytes
        return bytes
    }

    /// Where `needle` (folded) occurs in `text`, as ranges of `text`'s UTF-8 offsets, without
    /// overlaps and widened to whole characters (a base letter with its accents).
    mutating func occurrences(of needle: [UInt8], in text: String) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        // The folded text, and for each of its bytes the original character's UTF-8 range.
        var foldedText: [UInt8] = []
        var origins: [Range<Int>] = []
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let (scalar, length) = lead < 0x80 ? (UInt32(lead), 1) : Self.decode(bytes, at: index)
                let piece = lead < 0x80 ? [Self.lowercasedASCII[Int(lead)]] : folded(scalar)
                if piece.isEmpty, let last = origins.indices.last {
                    // A dropped accent belongs to the letter before it.
                    let start = origins[last].lowerBound
                    var back = last
                    while back >= 0 && origins[back].lowerBound == start {
                        origins[back] = start..<index + length
                        back -= 1
                    }
                }
                foldedText.append(contentsOf: piece)
                origins.append(contentsOf: repeatElement(index..<index + length, count: piece.count))
                index += length
            }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= foldedText.count {
            guard foldedText[start..<start + needle.count].elementsEqual(needle) else {
                start += 1
                continue
            }
            let range = origins[start].lowerBound..<origins[start + needle.count - 1].upperBound
            if let last = ranges.last, last.upperBound >= range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
            start += needle.count
        }
        return ranges
    }

    /// The scalar starting at `index` of valid UTF-8 and its length in bytes.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(text[index])
        func next(_ offset: Int) -> UInt32 { UInt32(text[index + offset] & 0x3F) }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | next(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
    }

    /// Letters without a canonical decomposition that readers still see as accented Latin.
    private static let spelledOut: [UInt32: String] = [
        0xDF: "ss", 0x1E9E: "ss", 0xE6: "ae", 0xC6: "ae", 0x153: "oe", 0x152: "oe", 0xF8: "o", 0xD8: "o",
        0x142: "l", 0x141: "l", 0x111: "d", 0x110: "d", 0xF0: "d", 0xD0: "d", 0xFE: "th", 0xDE: "th",
        0x131: "i", 0x3C2: "σ", 0x127: "h", 0x126: "h", 0x167: "t", 0x166: "t",
    ]

    private static func fold(scalar value: UInt32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(value) else { return [] }
        if let spelled = spelledOut[value] { return Array(spelled.utf8) }
        var out: [UInt8] = []
        for lowered in String(scalar).lowercased().unicodeScalars {
            for part in AccentTable.bases(of: lowered.value) ?? [lowered.value] where !isDroppedMark(part) {
                guard let part = Unicode.Scalar(part) else { continue }
                out.append(contentsOf: spelledOut[part.value].map { Array($0.utf8) } ?? Array(String(part).utf8))
            }
        }
        return out
    }

    /// Combining diacritical marks: the accents of Latin, Greek and Cyrillic letters. Marks that
    /// are vowels or consonants of other scripts stay. (build-aux/generate-accent-table.py keeps
    /// the same list.)
    private static func isDroppedMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }
}

extension AccentTable {
    /// What is left of `character` without its accents, if it has any.
    static func bases(of character: UInt32) -> [UInt32]? {
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high) / 2
            if characters[middle] < character { low = middle + 1 } else { high = middle }
        }
        return low < characters.count && characters[low] == character ? bases[low] : nil
    }
}

/// Where a search's query shows in texts, for highlighting the matched parts.
public struct SearchHighlighter {
    private var folder = TextFolder()
    private let needle: [UInt8]
    public let query: String

    public init(query: String) {
        self.query = query
        needle = folder.fold(query)
    }

    /// The UTF-8 byte ranges of `text` where the query occurs, ignoring case and accents; empty
    /// when it does not, or when the query is blank.
    public mutating func ranges(in text: String) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        var text = text
        // ASCII text, the common case, folds byte for byte: search it where it is.
        if let ranges = text.withUTF8({ bytes in asciiRanges(bytes) }) { return ranges }
        return folder.occurrences(of: needle, in: text)
    }

    private func asciiRanges(_ text: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var index = 0
        while index + 8 <= text.count {
            if UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return nil
            }
            index += 8
        }
        while index < text.count {
            if text[index] >= 0x80 { return nil }
            index += 1
        }
        var ranges: [Range<Int>] = []
        var start = 0
        needle.withUnsafeBufferPointer { needle in
            while start + needle.count <= text.count {
                let rest = UnsafeBufferPointer(rebasing: text[start...])
                guard TextMatching.startsWith(rest, needle) else {
                    start += 1
                    continue
                }
                if let last = ranges.last, last.upperBound == start {
                    ranges[ranges.count - 1] = last.lowerBound..<start + needle.count
                } else {
                    ranges.append(start..<start + needle.count)
                }
                start += needle.count
            }
        }
        return ranges
    }
}
