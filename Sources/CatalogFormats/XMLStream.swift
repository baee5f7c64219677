// SPDX-License-Identifier: GPL-3.0-or-later
internal import CXML2
import FoldoutCore

/// One XML document, an archive's member, read node by node through libxml2's streaming reader
/// (`xmlTextReader`), which keeps no tree: a sheet of a million cells costs no more memory than
/// one. Names are compared as pointers into the reader's dictionary (`name(_:)`), so that a cell
/// costs no string made or compared.
final class XMLStream {
    typealias Name = UnsafePointer<xmlChar>

    enum Node {
        case element, endElement, text, other
    }

    private let reader: xmlTextReaderPtr
    /// Where the document came from ("xl/worksheets/sheet1.xml"), for errors.
    let part: String
    private let problem = ProblemBox()
    /// The archive member read.
    private let source: ArchiveSource
    private(set) var node = Node.other

    /// Reads the archive's current member as libarchive decompresses it: the member is never
    /// whole in memory. `loading` hears the archive's bytes read, and can cancel.
    init(member archive: ArchiveReader, part: String, loading: CatalogLoading?) throws(CatalogImportError) {
        self.part = part
        source = ArchiveSource(archive: archive, loading: loading)
        let reader = xmlReaderForIO(
            { context, buffer, count in
                guard let context, let buffer else { return -1 }
                let source = Unmanaged<ArchiveSource>.fromOpaque(context).takeUnretainedValue()
                return source.read(into: buffer, count: Int(count))
            }, nil, Unmanaged.passUnretained(source).toOpaque(), part, nil, Self.options)
        guard let reader else { throw CatalogImportError(line: 0, reason: .damaged(format: "XML", detail: part)) }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error, let message = error.pointee.message else { return }
                let box = Unmanaged<ProblemBox>.fromOpaque(context).takeUnretainedValue()
                if box.text == nil {
                    box.text = String(cString: message).trimmingSuffix("\n")
                    box.line = Int(error.pointee.line)
                }
            }, Unmanaged.passUnretained(problem).toOpaque())
    }

    // XML_PARSE_HUGE: a shared string or a sheet's text may pass libxml2's 10 MB limit on a node.
    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_COMPACT.rawValue)

    deinit { xmlFreeTextReader(reader) }

    /// The dictionary's copy of `text`, to compare with `localName` by pointer.
    func name(_ text: String) -> Name { xmlTextReaderConstString(reader, text) }

    /// Moves to the next node; false at the document's end.
    func read() throws(CatalogImportError) -> Bool {
        let status = xmlTextReaderRead(reader)
        guard status >= 0 else { throw failure() }
        guard status == 1 else { return false }
        switch xmlTextReaderNodeType(reader) {
        case 1: node = .element
        case 15: node = .endElement
        // Text, CDATA and the two kinds of white space.
        case 3, 4, 13, 14: node = .text
        default: node = .other
        }
        return true
    }

    /// Moves past the element at the reader and everything inside it, to its end.
    func skipElement() throws(CatalogImportError) {
        guard !isEmptyElement else { return }
        let depth = self.depth
        while try read() {
            if node == .endElement && self.depth == depth { return }
        }
    }

    var localName: Name? { xmlTextReaderConstLocalName(reader) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    var depth: Int { Int(xmlTextReaderDepth(reader)) }
    /// A text node's text, valid until the reader moves.
    var value: Name? { xmlTextReaderConstValue(reader) }

    /// Calls `body` with each attribute of the element at the reader: its local name, prefix and
    /// value (valid during the call).
    func attributes(_ body: (Name?, Name?, Name) -> Void) {
        guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return }
        repeat {
            if let value = xmlTextReaderConstValue(reader) {
                body(xmlTextReaderConstLocalName(reader), xmlTextReaderConstPrefix(reader), value)
            }
        } while xmlTextReaderMoveToNextAttribute(reader) == 1
        xmlTextReaderMoveToElement(reader)
    }

    /// The attribute's value, whatever its prefix, or nil.
    func attribute(_ localName: Name) -> String? {
        var found: String?
        attributes { name, _, value in
            if name == localName { found = String(cString: value) }
        }
        return found
    }

    func failure() -> CatalogImportError {
        if let error = source.error { return error }
        let detail = problem.text ?? tr("the XML is not well formed")
        let place = problem.line > 0 ? tr("{part}, line {line}", ["part": part, "line": String(problem.line)]) : part
        return CatalogImportError(line: 0, reason: .damaged(format: "XML", detail: place + ": " + detail))
    }

    /// The first error libxml2 reported, from its callback.
    private final class ProblemBox {
        var text: String?
        var line = 0
    }
}

/// A set of element or attribute names (an enumeration), each with its local name in XML.
protocol XMLNamed: RawRepresentable, CaseIterable where RawValue == Int {
    var xmlName: String { get }
}

/// The local names of `Key` in one reader's dictionary, to compare by pointer.
struct XMLNames<Key: XMLNamed> {
    private let names: [XMLStream.Name]

    init(_ xml: XMLStream) { names = Key.allCases.map { xml.name($0.xmlName) } }

    subscript(_ key: Key) -> XMLStream.Name { names[key.rawValue] }
}

/// An archive member handed to libxml2 piece by piece; the first error of libarchive's, or the
/// cancelling, is kept for `failure`.
private final class ArchiveSource {
    let archive: ArchiveReader
    let loading: CatalogLoading?
    var error: CatalogImportError?

    init(archive: ArchiveReader, loading: CatalogLoading?) {
        self.archive = archive
        self.loading = loading
    }

    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        do throws(CatalogImportError) {
            if let loading, !loading.report(read: archive.archiveBytesRead) {
                throw CatalogImportError(line: 0, reason: .cancelled, path: archive.path)
            }
            return Int32(try archive.read(into: buffer, count: count))
        } catch {
            self.error = error
            return -1
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
