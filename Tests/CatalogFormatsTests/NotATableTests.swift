// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// A file that is no table is named for what it is, from its first bytes; compressed tables and
/// workbooks, which start like archives, are still read.
final class NotATableTests: CatalogFilesTestCase {
    private func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes + Array(repeating: 0x9D, count: 64)).write(to: folder.appendingPathComponent(name))
    }

    func testPicturesDocumentsAndProgramsAreNamed() throws {
        let files: [(String, [UInt8], String)] = [
            ("picture.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
            ("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0], "a JPEG image"),
            ("anim.gif", Array("GIF89a".utf8), "a GIF image"),
            ("paper.pdf", Array("%PDF-1.7\n".utf8), "a PDF document"),
            ("still.webp", Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8), "a WebP image"),
            ("tool", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1], "a program (an ELF executable)"),
            ("song.mp3", Array("ID3".utf8) + [4, 0, 0], "an MP3 recording"),
            ("clip.mp4", [0, 0, 0, 0x20] + Array("ftypisom".utf8), "an MP4 video or picture"),
            ("voice.ogg", Array("OggS".utf8) + [0], "an Ogg recording"),
        ]
        for (name, head, kind) in files {
            try write(head, name)
            let refusal = self.refusal(name)
            XCTAssertEqual(refusal?.reason, .notATable(kind: kind), name)
            XCTAssertEqual(refusal?.description, "\(name) is \(kind), not a table", name)
            XCTAssertEqual(
                refusal.map { CatalogImportError.cannotOpen(path(name), $0) }, "\(name) is \(kind), not a table")
        }
    }

    func testTextAndCompressedTablesAreNotRefusedByTheirStart() throws {
        // Text that starts as a signature's letters would ("ID3" as a header) is still a table.
        try "ID3,name\n1,a\n".write(toFile: path("ids.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try load("ids.csv").count, 1)
        try python(
            """
            import gzip, sys, zipfile
            d = sys.argv[1]
            gzip.open(d + '/t.csv.gz', 'wt').write('a,b\\n1,2\\n')
            with zipfile.ZipFile(d + '/t.zip', 'w') as z: z.writestr('t.csv', 'a,b\\n1,2\\n')
            """)
        XCTAssertEqual(try load("t.csv.gz").count, 1)
        XCTAssertEqual(try load("t.zip").count, 1)
    }
}
