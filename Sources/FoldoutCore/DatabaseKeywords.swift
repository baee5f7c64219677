// SPDX-License-Identifier: GPL-3.0-or-later
/// A libpq connection string of keywords (`host=/run/postgresql dbname='nyc flights' table=flights`)
/// read as the URI it means (`postgresql://?host=/run/postgresql&dbname=nyc%20flights&table=flights`),
/// which libpq takes as well: so that the rest of Foldout knows one form of address.
enum DatabaseKeywords {
    /// libpq's connection keywords (PostgreSQL 17's), and Foldout's `table`. Text with any other
    /// keyword is not taken for an address: `data=2024.csv` stays a file's name.
    static let known: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding",
        "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name",
        "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
        "replication", "gssencmode", "sslmode", "sslnegotiation", "requiressl", "sslcompression", "sslcert",
        "sslkey", "sslpassword", "sslcertmode", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer",
        "ssl_min_protocol_version", "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation",
        "service", "target_session_attrs", "load_balance_hosts", "table",
    ]

    /// The URI `text` means, or nil when it is not a connection string of known keywords. Read as
    /// libpq reads one: `keyword = value` pairs apart by white space; a value in single quotes may
    /// hold spaces; a backslash takes the next character as it is.
    static func uri(_ text: String) -> String? {
        var characters = Array(text)[...]
        var pairs: [(String, String)] = []
        func skipSpaces() { while characters.first?.isWhitespace == true { characters.removeFirst() } }
        skipSpaces()
        while !characters.isEmpty {
            let keyword = String(characters.prefix { $0 != "=" && !$0.isWhitespace })
            characters.removeFirst(keyword.count)
            skipSpaces()
            guard known.contains(keyword), characters.popFirst() == "=" else { return nil }
            skipSpaces()
            var value = ""
            if characters.first == "'" {
                characters.removeFirst()
                while let character = characters.popFirst(), character != "'" {
                    guard character != "\\" else {
                        guard let escaped = characters.popFirst() else { return nil }
                        value.append(escaped)
                        continue
                    }
                    value.append(character)
                    if characters.isEmpty { return nil }  // No closing quote.
                }
            } else {
                while let character = characters.first, !character.isWhitespace {
                    characters.removeFirst()
                    value.append(character == "\\" ? (characters.popFirst() ?? character) : character)
                }
            }
            pairs.append((keyword, value))
            skipSpaces()
        }
        guard !pairs.isEmpty else { return nil }
        return "postgresql://?"
            + pairs.map { $0 + "=" + DatabaseAddress.encoded($1, keeping: $0 == "host" ? "/" : "") }
            .joined(separator: "&")
    }
}
