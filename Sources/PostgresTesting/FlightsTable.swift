// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// nycflights13-like rows from a seeded generator, as CSV and as the SQL table that holds the same
/// values: whole and decimal numbers, negatives, dates, timestamps with and without a time zone,
/// booleans, NULLs, and texts with quotes, commas, line breaks and accents.
public enum FlightsTable {
    public static let createTable = """
        CREATE TABLE flights (
            id integer PRIMARY KEY, year integer, month smallint, day smallint, dep_time integer,
            dep_delay numeric(6,1), carrier text, flight bigint, tailnum varchar(8), origin text, dest text,
            air_time double precision, distance integer, flight_date date, time_hour timestamp,
            scheduled timestamptz, cancelled boolean, note text)
        """

    /// How many columns the table has.
    public static let columnCount = 18

    /// Makes the table `flights` of `count` rows on `server`, and the same rows as
    /// `flights.csv` in its folder.
    public static func load(rows count: Int, into server: ThrowawayPostgres) throws {
        try csv(rows: count).write(toFile: server.folder + "/flights.csv", atomically: true, encoding: .utf8)
        try server.psql(createTable)
        try server.psql("COPY flights FROM '\(server.folder)/flights.csv' WITH (FORMAT csv, HEADER)")
    }

    /// `count` rows with a header, the same for the same count. The server keeps them in an order
    /// of its own (`COPY` may fill a page's free space with a later row): `id` is the file's order.
    public static func csv(rows count: Int) -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let carriers = ["UA", "AA", "B6", "DL", "EV", "MQ", "US", "WN", "VX", "9E"]
        let airports = ["JFK", "LGA", "EWR"]
        let destinations = ["ATL", "ORD", "LAX", "BOS", "MCO", "SFO", "Zürich", "São Paulo"]
        let notes = ["", "on time", "gate \"B12\", late", "two\nlines", "naïve café", "a;b", "'quoted'"]
        var lines = [
            "id,year,month,day,dep_time,dep_delay,carrier,flight,tailnum,origin,dest,air_time,distance,"
                + "flight_date,time_hour,scheduled,cancelled,note"
        ]
        for id in 1...count {
            let month = 1 + next(12)
            let day = 1 + next(28)
            let hour = next(24)
            let date = "2013-" + pad(month) + "-" + pad(day)
            let delay = next(10) == 0 ? "" : String(format: "%.1f", Double(next(2000) - 300) / 10)
            let airTime = next(4) == 0 ? String(next(600)) : String(next(600)) + ".5"
            let note = notes[next(notes.count)]
            let fields = [
                String(id), "2013", String(month), String(day), next(15) == 0 ? "" : String(hour * 100 + next(60)),
                delay,
                carriers[next(carriers.count)], String(next(9000) + 1), next(20) == 0 ? "" : "N\(10000 + next(899))UA",
                airports[next(3)], destinations[next(destinations.count)], airTime, String(80 + next(4900)), date,
                date + " " + pad(hour) + ":00:00", date + " " + pad(hour) + ":" + pad(next(60)) + ":00",
                next(30) == 0 ? "" : (next(10) == 0 ? "true" : "false"), note,
            ]
            lines.append(fields.map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
