// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

// Swift names for the C constants the app needs, so that no code outside this module imports C.

/// Which way a box, a paned or a separator lays out (`GtkOrientation`).
public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation {
        switch self {
        case .horizontal: GTK_ORIENTATION_HORIZONTAL
        case .vertical: GTK_ORIENTATION_VERTICAL
        }
    }
}

/// Where a widget sits in space it is given beyond its size (`GtkAlign`).
public enum Alignment: Sendable {
    /// `baseline`: on the baseline of the other widgets so aligned in its row (of a grid, a box).
    case fill, start, end, center, baseline

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        // GTK_ALIGN_BASELINE, named GTK_ALIGN_BASELINE_FILL (the same 4) and deprecated since 4.12.
        case .baseline: GtkAlign(4)
        }
    }
}

/// How a revealer shows and hides its child (`GtkRevealerTransitionType`).
public enum RevealerTransition: Sendable {
    case slideDown, slideUp, crossfade, none

    var gtk: GtkRevealerTransitionType {
        switch self {
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        case .none: GTK_REVEALER_TRANSITION_TYPE_NONE
        }
    }

    init(_ type: GtkRevealerTransitionType) {
        switch type {
        case GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP: self = .slideUp
        case GTK_REVEALER_TRANSITION_TYPE_CROSSFADE: self = .crossfade
        case GTK_REVEALER_TRANSITION_TYPE_NONE: self = .none
        default: self = .slideDown
        }
    }
}

/// When an event controller sees an event: `capture` on the way from the window down to the
/// focused widget, before it; `bubble` on the way back up, after it (`GtkPropagationPhase`).
public enum PropagationPhase: Sendable {
    case capture, bubble

    var gtk: GtkPropagationPhase {
        switch self {
        case .capture: GTK_PHASE_CAPTURE
        case .bubble: GTK_PHASE_BUBBLE
        }
    }
}

/// What a widget is to assistive technologies, where its type does not say (`GtkAccessibleRole`).
public enum AccessibleRole: Sendable {
    case button, group, checkBox

    var gtk: GtkAccessibleRole {
        switch self {
        case .button: GTK_ACCESSIBLE_ROLE_BUTTON
        case .checkBox: GTK_ACCESSIBLE_ROLE_CHECKBOX
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        }
    }
}

/// When the main loop runs a callback relative to other work: drawing runs at `redraw`
/// (GLib's priorities; a lower number runs first).
public enum Priority: Sendable {
    case high, `default`, highIdle, redraw, defaultIdle, low

    var glib: Int32 {
        switch self {
        case .high: G_PRIORITY_HIGH
        case .default: G_PRIORITY_DEFAULT
        case .highIdle: G_PRIORITY_HIGH_IDLE
        case .redraw: G_PRIORITY_HIGH_IDLE + 20  // GDK_PRIORITY_REDRAW
        case .defaultIdle: G_PRIORITY_DEFAULT_IDLE
        case .low: G_PRIORITY_LOW
        }
    }
}

/// How the application handles its launches (`GApplicationFlags`).
public struct ApplicationFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Files on the command line (or from a file manager) arrive as `open`.
    public static let handlesOpen = ApplicationFlags(rawValue: FOLDOUT_APPLICATION_HANDLES_OPEN)
    /// Each launch's command line arrives in the instance that runs, as `command-line`.
    public static let handlesCommandLine = ApplicationFlags(rawValue: FOLDOUT_APPLICATION_HANDLES_COMMAND_LINE)
    /// Every launch runs on its own, never handing its work to another instance.
    public static let nonUnique = ApplicationFlags(rawValue: FOLDOUT_APPLICATION_NON_UNIQUE)

    var gtk: GApplicationFlags { GApplicationFlags(rawValue: numericCast(rawValue)) }
}
