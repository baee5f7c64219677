// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The filter over the catalog the Filters page shows, nil until one is shown: the page sets it,
/// its parts read it.
@MainActor
final class ShownFilter {
    var filter: FacetFilter?
}
