// SPDX-License-Identifier: GPL-3.0-or-later
/// What a facet filters by: ticked options, or a range of a number, date or date-time column.
public enum FacetKind: Sendable { case options, range }

/// How a facet's options are ordered: "Yes" before "No" in a yes/no facet.
public enum OptionOrder: Sendable { case byValue, alphabetical, asGiven, yesFirst }
