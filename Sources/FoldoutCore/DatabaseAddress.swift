// SPDX-License-Identifier: GPL-3.0-or-later
/// A catalog that lives in a database server, named by a libpq URI
/// (`postgresql://user@host:port/db?table=flights`) or connection string of keywords
/// (`host=db dbname=nyc table=flights`, read as the URI it means), where a file would be named
/// by its path.
/// Foldout's own parameter `table` names the table or view; every other part is libpq's. The
/// address is kept (Open Recent, the view kept per table) only without its password.
public struct DatabaseAddress: Sendable {
    /// The URI as given (a connection string of keywords as its URI), password and all.
    public let text: String
    private let scheme: Substring
    private let userInfo: Substring?
    private let hosts: Substring
    private let database: Substring
    private let parameters: [(key: String, value: Substring)]

    /// The address `given` names, or nil if it is neither a PostgreSQL URI nor a connection
    /// string of libpq's keywords.
    public init?(_ given: String) {
        let start = given.prefix(13).lowercased()
        let isURI = start.hasPrefix("postgresql://") || start.hasPrefix("postgres://")
        guard let text = isURI ? given : DatabaseKeywords.uri(given), let colon = text.firstIndex(of: ":") else {
            return nil
        }
        let scheme = text[..<colon]
        self.text = text
        self.scheme = scheme
        var rest = text[text.index(colon, offsetBy: 3)...]
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        database = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
        let authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            hosts = authority[authority.index(after: at)...]
        } else {
            userInfo = nil
            hosts = authority
        }
        parameters = query.split(separator: "&").map { pair in
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let value = equals < pair.endIndex ? pair[pair.index(after: equals)...] : ""
            return (Self.decoded(pair[..<equals]), value)
        }
    }

    /// Whether `text` is a database's address rather than a file's path.
    public static func isAddress(_ text: String) -> Bool { DatabaseAddress(text) != nil }

    /// The table or view the address names (`?table=`), as given: `flights` or `schema.flights`.
    public var table: String? { parameter("table") }

    /// The URI libpq is given: without `table`, which libpq would refuse.
    public var connection: String { compose(password: true, table: nil) }

    /// The URI without its password, naming `table` (or the one it named): what Foldout keeps.
    public func withoutPassword(table: String? = nil) -> String { compose(password: false, table: table ?? self.table) }

    /// How the table is named to a person: "flights on nycflights@db.example.org"; without a
    /// table, "nycflights@db.example.org".
    public func displayName(table: String?) -> String {
        let server = databaseName + "@" + hostName
        guard let table else { return server }
        return tr("{table} on {database}@{host}", ["table": table, "database": databaseName, "host": hostName])
    }

    /// `path` as it may be shown or kept: a database's address without its password.
    public static func withoutPassword(_ path: String) -> String {
        DatabaseAddress(path)?.withoutPassword() ?? path
    }

    /// The database as named in the address (or, as libpq does without one, the user's name).
    public var databaseName: String {
        parameter("dbname") ?? (database.isEmpty ? nil : Self.decoded(database)) ?? userName ?? "postgres"
    }

    /// The user named in the address, or nil (libpq then takes the login name).
    public var userName: String? {
        parameter("user") ?? userInfo.map { Self.decoded($0.split(separator: ":", maxSplits: 1).first ?? "") }
    }

    /// Whether the address holds a password (`user:password@`, or `?password=`).
    public var hasPassword: Bool { userInfo?.contains(":") == true || parameter("password") != nil }

    /// The first host's port (`host:port`, or `?port=`), else PostgreSQL's own, 5432.
    public var port: String {
        if let port = parameter("port")?.split(separator: ",").first { return String(port) }
        var host = hosts.split(separator: ",").first ?? ""
        if host.hasPrefix("["), let bracket = host.firstIndex(of: "]") { host = host[bracket...] }
        guard let colon = host.lastIndex(of: ":"), colon < host.index(before: host.endIndex) else { return "5432" }
        return Self.decoded(host[host.index(after: colon)...])
    }

    /// The address with `password` added, as `?password=` (which `withoutPassword` drops again):
    /// kept in memory only, never written.
    public func withPassword(_ password: String) -> String {
        text + (text.contains("?") ? "&" : "?") + "password=" + Self.encoded(password)
    }

    /// The URI of a table on a server, each part percent-encoded: `host` a name or an address, or
    /// the folder of a server's Unix socket when it starts with `/` (`postgresql://ann@/db?host=/run/pg`);
    /// the port left out when it is PostgreSQL's own, the password and the table when empty.
    public static func compose(
        host: String, port: String, database: String, user: String, password: String, table: String
    ) -> String {
        var address = "postgresql://"
        if !user.isEmpty {
            address += encoded(user) + (password.isEmpty ? "" : ":" + encoded(password)) + "@"
        }
        let socket = host.hasPrefix("/")
        let otherPort = !port.isEmpty && port != "5432"
        if !socket {
            // An IPv6 address goes in brackets, as it is: a name or an IPv4 address is encoded.
            if host.hasPrefix("[") {
                address += host
            } else {
                address += host.contains(":") ? "[" + host + "]" : encoded(host)
            }
            if otherPort { address += ":" + encoded(port) }
        }
        address += "/" + encoded(database)
        var parameters: [String] = []
        if socket {
            parameters.append("host=" + encoded(host, keeping: "/"))
            if otherPort { parameters.append("port=" + encoded(port)) }
        }
        if user.isEmpty && !password.isEmpty { parameters.append("password=" + encoded(password)) }
        if !table.isEmpty { parameters.append("table=" + encoded(table)) }
        return parameters.isEmpty ? address : address + "?" + parameters.joined(separator: "&")
    }

    /// The first host named; a socket's folder for a local server, or "localhost".
    public var hostName: String {
        let host = parameter("host") ?? (hosts.isEmpty ? nil : Self.decoded(hosts.split(separator: ",")[0]))
        guard let host else { return "localhost" }
        if host.hasPrefix("[") { return String(host.prefix { $0 != "]" }) + "]" }
        return host.hasPrefix("/") ? host : String(host.prefix { $0 != ":" })
    }

    private func parameter(_ key: String) -> String? {
        parameters.last { $0.key == key }.map { Self.decoded($0.value) }
    }

    private func compose(password: Bool, table: String?) -> String {
        var address = String(scheme) + "://"
        if let userInfo {
            address += password ? userInfo : userInfo.split(separator: ":", maxSplits: 1).first ?? ""
            address += "@"
        }
        address += hosts
        if !database.isEmpty { address += "/" + database }
        var kept = parameters.filter { $0.key != "table" && (password || $0.key != "password") }.map {
            $0.key + "=" + $0.value
        }
        if let table { kept.append("table=" + Self.encoded(table)) }
        if !kept.isEmpty { address += "?" + kept.joined(separator: "&") }
        return address
    }

    /// `%XX` escapes as their bytes; an escape that is not one stays as written.
    static func decoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value as a URI's query may hold it: every byte but letters, digits, `-._~` escaped.
    /// `keeping` names other characters left as they are (the `/` of a socket's folder).
    static func encoded(_ text: String, keeping: String = "") -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || "-._~".utf8.contains(byte) || keeping.utf8.contains(byte)
            {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
