// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

// Laying widgets out in rows and columns, and the lines between parts.

@MainActor
public final class Grid: Widget {
    public init(rowSpacing: UInt32 = 0, columnSpacing: UInt32 = 0) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_row_spacing(cast(), rowSpacing)
        gtk_grid_set_column_spacing(cast(), columnSpacing)
    }
    public func remove(_ child: Widget) { gtk_grid_remove(cast(), child.widget) }

    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(cast(), child.widget, column, row, width, height)
    }

}

@MainActor
public final class Separator: Widget {
    public init(_ orientation: Orientation) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk)))
    }
}
