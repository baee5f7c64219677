/// How result rows are drawn: the second combo row, which changes the view.
public enum ResultLayout: Int, CaseIterable, Sendable {
    case detailed, compact

    public var title: String {
        switch self {
        case .detailed: tr("Names and details")
        case .compact: tr("Names only")
        }
    }
}

/// The combo-box rows of the Filters page (seed 003): each shows its current value and opens its
/// options inline. "Sort by" closes once an option is chosen; "Show" stays open until toggled.
public final class ComboSection {
    public enum Combo: Int, CaseIterable, Sendable {
        case sort, layout

        public var caption: String {
            switch self {
            case .sort: tr("Sort by")
            case .layout: tr("Show")
            }
        }

        public var closesOnChoice: Bool { self == .sort }
    }

    public enum Change: Equatable, Sendable {
        case opened(Combo), closed(Combo)
        /// The combo's value changed.
        case chose(Combo)
    }

    public private(set) var sortOrder: SortOrder = .name
    public private(set) var layout: ResultLayout = .detailed
    public private(set) var openCombos: Set<Combo> = []
    public let changes = Observers<Change>()

    public init() {}

    public func options(for combo: Combo) -> [String] {
        switch combo {
        case .sort: SortOrder.allCases.map(\.title)
        case .layout: ResultLayout.allCases.map(\.title)
        }
    }

    public func selectedIndex(for combo: Combo) -> Int {
        switch combo {
        case .sort: sortOrder.rawValue
        case .layout: layout.rawValue
        }
    }

    /// The current value's name: what the row shows, and its accessible label.
    public func value(for combo: Combo) -> String { options(for: combo)[selectedIndex(for: combo)] }

    public func isOpen(_ combo: Combo) -> Bool { openCombos.contains(combo) }

    public func toggle(_ combo: Combo) {
        isOpen(combo) ? close(combo) : open(combo)
    }

    public func open(_ combo: Combo) {
        guard openCombos.insert(combo).inserted else { return }
        changes.send(.opened(combo))
    }

    public func close(_ combo: Combo) {
        guard openCombos.remove(combo) != nil else { return }
        changes.send(.closed(combo))
    }

    /// Chooses option `index` of `combo`, closing it if that combo closes on choice.
    public func choose(_ index: Int, in combo: Combo) {
        precondition(options(for: combo).indices.contains(index), "no option \(index) in \(combo)")
        if index != selectedIndex(for: combo) {
            switch combo {
            case .sort: sortOrder = SortOrder(rawValue: index)!
            case .layout: layout = ResultLayout(rawValue: index)!
            }
            changes.send(.chose(combo))
        }
        if combo.closesOnChoice { close(combo) }
    }
}

/// Numbers as people read them in the C locale: 1,000,000.
public enum NumberText {
    /// `value` with its digits grouped in threes, the separator as the language writes it.
    public static func grouped(_ value: Int) -> String {
        grouped(value, separator: separators.thousands)
    }

    /// "€12.50" in English, "12,50 €" in German, from cents.
    public static func price(cents: Int) -> String {
        let fraction = cents % 100
        let separators = separators
        let units = grouped(cents / 100, separator: separators.thousands)
        let amount = units + separators.decimal + (fraction < 10 ? "0" : "") + String(fraction)
        // TRANSLATORS: a price in euros; {amount} is the number, already written as "1,000,000.00" is translated.
        return tr("€{amount}", ["amount": amount])
    }

    private static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// The thousands and decimal separators, read from how the language writes one number.
    private static var separators: (thousands: String, decimal: String) {
        // TRANSLATORS: write this number as your language does; only its two separators are used.
        let sample = Array(tr("1,000,000.00"))
        guard sample.count == 12, !sample[1].isNumber, !sample[9].isNumber else { return (",", ".") }
        return (String(sample[1]), String(sample[9]))
    }
}
