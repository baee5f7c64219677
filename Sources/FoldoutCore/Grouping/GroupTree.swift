// SPDX-License-Identifier: GPL-3.0-or-later
/// What the Groups view knows of a grouping's tree: each group's id (the same for the same path,
/// so a row keeps its widgets and its folding while the figures change), the groups of each level
/// asked for so far, and for which matches they were worked out (`FilteredTable.summarySource`),
/// so that only the levels shown are asked again after a filter changes, and the old figures stay
/// shown, dimmed, meanwhile.
public final class GroupTree {
    public let grouping: Grouping
    private var idOfPath: [[GroupKey]: UInt32] = [:]
    /// The path of each id, by id (ids count from 0).
    private var paths: [[GroupKey]] = []
    /// The groups of each level answered, by the path of the group above them ([] for the outermost).
    private var levels: [[GroupKey]: [GroupRow]] = [:]
    /// The matches each level's groups were worked out for.
    private var sources: [[GroupKey]: AnyHashable] = [:]

    public init(_ grouping: Grouping) { self.grouping = grouping }

    /// The id of the group at `path`, made the first time it is asked.
    public func id(of path: [GroupKey]) -> UInt32 {
        if let id = idOfPath[path] { return id }
        let id = UInt32(paths.count)
        paths.append(path)
        idOfPath[path] = id
        return id
    }

    public func path(of id: UInt32) -> [GroupKey] { paths[Int(id)] }

    /// The group with `id` as its level gives it now; nil while that level is not answered or
    /// no longer holds it.
    public func group(_ id: UInt32) -> GroupRow? {
        let path = path(of: id)
        guard let key = path.last else { return nil }
        return levels[Array(path.dropLast())]?.first { $0.key == key }
    }

    /// The groups under `path` as last answered; nil when never asked.
    public func groups(under path: [GroupKey]) -> [GroupRow]? { levels[path] }

    /// Whether a group at `path` folds out into groups of the next level.
    public func foldsOut(_ path: [GroupKey]) -> Bool { path.count < grouping.levels.count }

    /// Which level a group is at, from 1 for the outermost.
    public func level(of id: UInt32) -> Int { path(of: id).count }

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
}
