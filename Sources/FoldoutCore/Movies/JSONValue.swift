// SPDX-License-Identifier: GPL-3.0-or-later
/// A parsed JSON value, as the library file reader needs it (and the benchmark, reading an earlier
/// run's figures). Numbers keep their text, so a huge or fractional number is never rounded: the
/// reader converts it to the integer type it expects and refuses what does not fit.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in file order; keys are unique (the parser refuses duplicates).
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count
                && zip(a, b).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of an object, nil for a missing member or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Why a text is not JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public let reason: String
}
