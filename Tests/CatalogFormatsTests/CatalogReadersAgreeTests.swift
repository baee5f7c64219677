// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// The generated catalog the bench reads (`Catalog.generate`), with a time stamp, a count with
/// `NA`s and a rating with empty fields added, written as CSV, then gzipped, as a SQLite table and
/// as JSON Lines by Python's own modules: each reader's catalog is the CSV's, value for value.
/// Large enough that the CSV and JSON Lines are read in two halves on two threads.
final class CatalogReadersAgreeTests: CatalogFilesTestCase {
    static let rows = 60_000

    func testEveryReaderGivesTheCSVsCatalog() throws {
        let generated = Catalog.generate(count: Self.rows, seed: 7)
        try Data(generated.exportCSV()).write(to: URL(fileURLWithPath: path("generated.csv")))
        try python(
            """
            import csv, gzip, json, os, re, sqlite3, sys
            d = sys.argv[1]
            with open(os.path.join(d, 'generated.csv'), newline='', encoding='utf-8') as f:
                rows = list(csv.reader(f))
            header = rows[0] + ['updated', 'stock', 'rating']
            body = []
            for n, row in enumerate(rows[1:]):
                second = n * 7919 % 86400
                stamp = '%sT%02d:%02d:%02d' % (row[2], second // 3600, second // 60 % 60, second % 60)
                body.append(row + [stamp, 'NA' if n % 17 == 0 else str(n * 31 % 500),
                                   '' if n % 13 == 0 else '%d.%d' % (1 + n % 4, n % 10)])
            with open(os.path.join(d, 'catalog.csv'), 'w', newline='', encoding='utf-8') as f:
                csv.writer(f, lineterminator='\\n').writerows([header] + body)
            with open(os.path.join(d, 'catalog.csv'), 'rb') as f:
                open(os.path.join(d, 'catalog.csv.gz'), 'wb').write(gzip.compress(f.read()))
            whole = re.compile(r'-?(0|[1-9][0-9]*)\\Z')
            number = re.compile(r'-?[0-9]+(\\.[0-9]+)?\\Z')
            kinds = []
            for i in range(len(header)):
                values = [r[i] for r in body if r[i] not in ('', 'NA')]
                kinds.append('INTEGER' if all(whole.match(v) for v in values)
                             else 'REAL' if all(number.match(v) for v in values) else 'TEXT')
            convert = {'INTEGER': int, 'REAL': float, 'TEXT': str}
            typed = [[None if v in ('', 'NA') else convert[k](v) for k, v in zip(kinds, r)] for r in body]
            db = sqlite3.connect(os.path.join(d, 'catalog.sqlite'))
            names = ['"' + n + '"' for n in header]
            db.execute('create table t (' + ', '.join(n + ' ' + k for n, k in zip(names, kinds)) + ')')
            db.executemany('insert into t values (' + ', '.join('?' * len(header)) + ')', typed)
            db.commit(); db.close()
            with open(os.path.join(d, 'catalog.jsonl'), 'w', encoding='utf-8') as f:
                for r in typed:
                    f.write(json.dumps(dict(zip(header, r)), ensure_ascii=False) + '\\n')
            """)
        let expected = try load("catalog.csv")
        XCTAssertEqual(expected.count, Self.rows)
        XCTAssertEqual(expected.columns.count, generated.columns.count + 3)
        for name in ["catalog.csv.gz", "catalog.sqlite", "catalog.jsonl"] {
            assertSameTable(try load(name), expected, name)
        }
    }
}
