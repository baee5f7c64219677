// SPDX-License-Identifier: GPL-3.0-or-later
/// What the Groups view knows of a grouping's tree: each group's id (the same for the same path,
/// so a row keeps its widgets and its folding while the figures change), the groups of each level
/// asked for so far, and for which matches they were worked out (`FilteredTable.summarySource`),
/// so that only the levels shown are asked again after a filter changes, and the old figures stay
/// shown, dimmed, meanwhile.
public final class GroupTree {
    /// What a row of the tree is: a group, one of the rows an innermost group folds out into,
    /// a field of such a row's record, or the row that lists more of a group's rows.
    public enum Node: Hashable, Sendable {
        case group([GroupKey])
        /// The `index`th row of the group at `path` as its `generation`th answer listed them: a
        /// new answer (the filters changed) is new rows.
        case member(path: [GroupKey], generation: Int, index: Int)
        case field(member: UInt32, index: Int)
        case more([GroupKey])
        /// The total row, last of the outermost level: every match, its measures over them all.
        case total
    }

    /// How many rows of a group are listed at first, and each time more are asked for.
    public static let memberPage = 50

    public let grouping: Grouping
    private var idOfNode: [Node: UInt32] = [:]
    /// The node of each id, by id (ids count from 0).
    private var nodes: [Node] = []
    /// The rows listed of each innermost group, with the generation and matches they were listed for.
    private var members: [[GroupKey]: (records: [ShownRecord], generation: Int, source: AnyHashable, isAll: Bool)] =
        [:]
    /// How many rows of each innermost group are to be listed (more once asked for).
    private var wantedMembers: [[GroupKey]: Int] = [:]
    /// The groups of each level answered, by the path of the group above them ([] for the outermost).
    private var levels: [[GroupKey]: [GroupRow]] = [:]
    /// The matches each level's groups were worked out for.
    private var sources: [[GroupKey]: AnyHashable] = [:]

    public init(_ grouping: Grouping) { self.grouping = grouping }

    /// The id of the group at `path`, made the first time it is asked.
    public func id(of path: [GroupKey]) -> UInt32 { id(of: .group(path)) }

    /// The id of `node`, made the first time it is asked.
    public func id(of node: Node) -> UInt32 {
        if let id = idOfNode[node] { return id }
        let id = UInt32(nodes.count)
        nodes.append(node)
        idOfNode[node] = id
        return id
    }

    public func node(_ id: UInt32) -> Node { nodes[Int(id)] }

    /// The path of the group `id` is, or is in (a row's, a field's, the more row's).
    public func path(of id: UInt32) -> [GroupKey] {
        switch node(id) {
        case .group(let path), .more(let path), .member(let path, _, _): path
        case .field(let member, _): path(of: member)
        case .total: []
        }
    }

    /// Whether `id` is a group's.
    public func isGroup(_ id: UInt32) -> Bool {
        if case .group = node(id) { return true }
        return false
    }

    /// The group with `id` as its level gives it now; nil while that level is not answered or
    /// no longer holds it.
    public func group(_ id: UInt32) -> GroupRow? {
        guard case .group(let path) = node(id) else { return nil }
        return group(at: path)
    }

    /// The group at `path` as its level was last answered; nil while not known.
    public func group(at path: [GroupKey]) -> GroupRow? {
        guard let key = path.last else { return nil }
        return levels[Array(path.dropLast())]?.first { $0.key == key }
    }

    /// The groups under `path` as last answered, in the level's own order; nil when never asked.
    public func groups(under path: [GroupKey]) -> [GroupRow]? { levels[path] }

    /// The order the groups of every level are shown in.
    public var order = GroupOrder.levels

    /// The ids of the groups under `path` in `order`, as shown, the outermost level's total row
    /// last once it is known; nil when never asked.
    public func shownIds(under path: [GroupKey]) -> [UInt32]? {
        levels[path].map { groups in
            order.sorted(groups).map { id(of: path + [$0.key]) }
                + (path.isEmpty && total != nil ? [id(of: .total)] : [])
        }
    }

    /// Every match as one group, as last answered, and the matches it was worked out for.
    public private(set) var total: GroupRow?
    private var totalSource: AnyHashable?

    /// Whether the total row is to be asked for the matches `source`.
    public func needsTotal(for source: AnyHashable) -> Bool { totalSource != source }

    /// Takes the total row answered for the matches `source`.
    public func takeTotal(_ total: GroupRow, for source: AnyHashable) {
        self.total = total
        totalSource = source
    }

    /// Whether a group at `path` folds out into groups of the next level.
    public func foldsOut(_ path: [GroupKey]) -> Bool { path.count < grouping.levels.count }

    /// Which level a row is at, from 1 for the outermost group; a group's rows one deeper, their
    /// fields one more.
    public func level(of id: UInt32) -> Int {
        switch node(id) {
        case .group(let path): path.count
        case .member(let path, _, _), .more(let path): path.count + 1
        case .field(let member, _): level(of: member) + 1
        case .total: 1
        }
    }

    /// Of the outermost level and the levels under `open` (the groups folded out), those whose
    /// groups are not known for the matches `source`: what to ask for.
    public func unanswered(open: [[GroupKey]], for source: AnyHashable) -> [[GroupKey]] {
        ([[]] + open.filter(foldsOut)).filter { sources[$0] != source }
    }

    /// Whether every level under `open` is known for `source`.
    public func isCurrent(open: [[GroupKey]], for source: AnyHashable) -> Bool {
        unanswered(open: open, for: source).isEmpty
    }

    /// Takes the groups answered for the matches `source`, by the path above them.
    public func take(_ answered: [[GroupKey]: [GroupRow]], for source: AnyHashable) {
        for (path, groups) in answered {
            levels[path] = groups
            sources[path] = source
        }
    }

    /// The largest count of a level, which its groups' bars are drawn against.
    public func largestCount(under path: [GroupKey]) -> Int { levels[path]?.map(\.count).max() ?? 0 }

    // MARK: The rows an innermost group folds out into

    /// The record of the row `id` is, or whose field it is; nil while it is not listed.
    public func record(_ id: UInt32) -> ShownRecord? {
        switch node(id) {
        case .member(let path, let generation, let index):
            guard let listed = members[path], listed.generation == generation, listed.records.indices.contains(index)
            else { return nil }
            return listed.records[index]
        case .field(let member, _): return record(member)
        case .group, .more, .total: return nil
        }
    }

    /// The ids of the rows listed of the innermost group at `path`, then the more row's while
    /// the group has rows not listed yet; nil while none was asked for.
    public func memberIds(of path: [GroupKey]) -> [UInt32]? {
        guard let listed = members[path] else { return nil }
        let ids = listed.records.indices.map {
            id(of: .member(path: path, generation: listed.generation, index: $0))
        }
        return ids + (hasMoreMembers(path) ? [id(of: .more(path))] : [])
    }

    /// Whether the group at `path` has rows not listed yet.
    public func hasMoreMembers(_ path: [GroupKey]) -> Bool {
        guard let listed = members[path], !listed.isAll else { return false }
        let count = group(at: path)?.count ?? 0
        return listed.records.count < count
    }

    /// How many of the group's rows are listed.
    public func listedMemberCount(_ path: [GroupKey]) -> Int { members[path]?.records.count ?? 0 }

    /// Lists a page more of the group's rows once they are asked for (`unansweredMembers`).
    public func wantMoreMembers(_ path: [GroupKey]) {
        wantedMembers[path] = max(wantedMembers[path] ?? Self.memberPage, listedMemberCount(path)) + Self.memberPage
    }

    /// Of the innermost groups folded out (`open`), which rows to ask for among the matches
    /// `source`: every row wanted of a group listed for other matches, else the rows wanted past
    /// those listed.
    public func unansweredMembers(open: [[GroupKey]], for source: AnyHashable) -> [(
        path: [GroupKey], offset: Int, limit: Int
    )] {
        open.filter { $0.count == grouping.levels.count }.compactMap { path in
            let wanted = wantedMembers[path] ?? Self.memberPage
            guard let listed = members[path], listed.source == source else { return (path, 0, wanted) }
            guard !listed.isAll, listed.records.count < wanted, hasMoreMembers(path) else { return nil }
            return (path, listed.records.count, wanted - listed.records.count)
        }
    }

    /// Takes the rows answered for the group at `path` from `offset` on, `limit` asked, among
    /// the matches `source`: rows for other matches than those listed are listed anew.
    public func takeMembers(
        _ records: [ShownRecord], of path: [GroupKey], offset: Int, limit: Int, for source: AnyHashable
    ) {
        let isAll = records.count < limit
        if offset > 0, let listed = members[path], listed.source == source, listed.records.count == offset {
            members[path] = (listed.records + records, listed.generation, source, isAll)
        } else if offset == 0 {
            members[path] = (records, (members[path]?.generation ?? 0) + 1, source, isAll)
        }
    }
}
