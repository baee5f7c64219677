// SPDX-License-Identifier: GPL-3.0-or-later

import CFoldoutModel
import CGtk

@MainActor
public final class Label: Widget {
    public init(_ text: String = "", wrap: Bool = false) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_label_new(text)))
        if wrap {
            gtk_label_set_wrap(opaque, 1)
            gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
        }
    }
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    public var xalign: Float {
        get { gtk_label_get_xalign(opaque) }
        set { gtk_label_set_xalign(opaque, newValue) }
    }
    /// Sets Pango markup (`<i>`, `<a href>`); escape any text in it with `escape`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(opaque, markup) }
    public func ellipsizeEnd() { gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END) }

    /// A wrapping label asks for one line however tall its row is: it wraps only when given less.
    /// (By default it asks for the narrowest width whose lines fit the height it is given, so
    /// beside a button two lines tall it wraps with room to spare.)
    public func wrapsOnlyWhenNarrow() { gtk_label_set_natural_wrap_mode(opaque, GTK_NATURAL_WRAP_NONE) }
    /// The widest the label asks to be, in characters; -1: as wide as its text.
    public var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(opaque) }
        set { gtk_label_set_max_width_chars(opaque, newValue) }
    }
    /// The fewest characters wide it asks to be, whatever its text; -1: as wide as its text.
    public var widthChars: Int32 {
        get { gtk_label_get_width_chars(opaque) }
        set { gtk_label_set_width_chars(opaque, newValue) }
    }
    public func setSelectable(_ selectable: Bool) { gtk_label_set_selectable(opaque, selectable.gboolean) }

    /// A label whose underscore marks the Alt+letter key that moves the focus to `widget`, and
    /// which names `widget` for assistive technologies.
    public convenience init(mnemonic text: String, for widget: Widget) {
        self.init(text)
        gtk_label_set_text_with_mnemonic(opaque, text)
        gtk_label_set_mnemonic_widget(opaque, widget.widget)
    }
}

/// Text for list rows (GTK 4.8): its size request is a fixed number of lines, and its text is laid
/// out once for the width it is given, where an ellipsizing `Label` shapes its text again for every
/// width it is measured at. Overflowing text is ellipsized at the end.
@MainActor
public final class Inscription: Widget {
    public init() {
        super.init(sinkingFloating: UnsafeMutableRawPointer(foldout_inscription_new()))
        gtk_inscription_set_text_overflow(opaque, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        align()
        onInteger("direction-changed") { [weak self] _ in self?.align() }
    }

    /// Where the text sits in its line: 0 at the left, 1 at the right.
    public var xalign: Float { gtk_inscription_get_xalign(opaque) }

    /// How many characters wide the inscription would like to be (GtkInscription asks for none by
    /// default, whatever its text: it is made for rows whose width comes from elsewhere).
    public var naturalCharacters: Int {
        get { Int(gtk_inscription_get_nat_chars(opaque)) }
        set { gtk_inscription_set_nat_chars(opaque, guint(max(0, newValue))) }
    }

    /// Whether the text sits at the end of its line (numbers in a table's column), not the start.
    public var alignsAtEnd = false {
        didSet { if alignsAtEnd != oldValue { align() } }
    }

    /// Text at the start of the line (or its end): the left, or the right in a right-to-left
    /// language. GtkInscription's alignment is not mirrored as GtkLabel's is.
    private func align() {
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        gtk_inscription_set_xalign(opaque, rightToLeft != alignsAtEnd ? 1 : 0)
    }

    public var text: String {
        get { gtk_inscription_get_text(opaque).map { String(cString: $0) } ?? "" }
        set {
            gtk_inscription_set_text(opaque, newValue)
            gtk_inscription_set_attributes(opaque, nil)  // plain text: no bold left from setText(bold:plain:)
        }
    }

    /// Shows `bold` in bold followed by `plain`, through a Pango attribute list rather than
    /// markup: nothing to escape, and no markup parser on every bind.
    public func setText(bold: String, plain: String) {
        let attribute = pango_attr_weight_new(PANGO_WEIGHT_BOLD)!
        attribute.pointee.start_index = 0
        attribute.pointee.end_index = guint(bold.utf8.count)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, attribute)
        let text = bold + plain
        gtk_inscription_set_text(opaque, text)
        gtk_inscription_set_attributes(opaque, attributes)
        pango_attr_list_unref(attributes)
    }

    /// Shows `text` with the UTF-8 byte ranges `highlighted` marked as a search's matches are:
    /// on a light yellow (GNOME's yellow 2 at 40%), readable on light and dark styles.
    public func setText(_ text: String, highlighting ranges: [Range<Int>]) {
        guard !ranges.isEmpty else {
            self.text = text
            return
        }
        let attributes = pango_attr_list_new()
        for range in ranges {
            for attribute in [
                pango_attr_background_new(0xF8F8, 0xE4E4, 0x5C5C), pango_attr_background_alpha_new(0x6666),
            ] {
                guard let attribute else { continue }
                attribute.pointee.start_index = guint(range.lowerBound)
                attribute.pointee.end_index = guint(range.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        gtk_inscription_set_text(opaque, text)
        gtk_inscription_set_attributes(opaque, attributes)
        pango_attr_list_unref(attributes)
    }

    /// The UTF-8 byte ranges shown highlighted.
    public var highlightedRanges: [Range<Int>] {
        guard let attributes = gtk_inscription_get_attributes(opaque),
            let iterator = pango_attr_list_get_iterator(attributes)
        else { return [] }
        defer { pango_attr_iterator_destroy(iterator) }
        var ranges: [Range<Int>] = []
        repeat {
            if pango_attr_iterator_get(iterator, PANGO_ATTR_BACKGROUND) != nil {
                var start: gint = 0
                var end: gint = 0
                pango_attr_iterator_range(iterator, &start, &end)
                ranges.append(Int(start)..<Int(end))
            }
        } while pango_attr_iterator_next(iterator) != 0
        return ranges
    }

    /// The number of lines it asks room for.
    public func setLines(_ lines: UInt32) {
        gtk_inscription_set_min_lines(opaque, lines)
        gtk_inscription_set_nat_lines(opaque, lines)
    }
}

@MainActor
public final class Button: Widget {
    public init(label: String, mnemonic: Bool = false) {
        let pointer = mnemonic ? gtk_button_new_with_mnemonic(label) : gtk_button_new_with_label(label)
        super.init(sinkingFloating: UnsafeMutableRawPointer(pointer!))
        if mnemonic { nameWithoutMnemonic(label) }
    }

    /// `label` as it reads: its mnemonic underscore gone ("_Add" → "Add"; "__" is an underscore).
    /// GTK 4.8 names a button with a mnemonic label "_Add Add" for assistive technologies.
    public static func withoutMnemonic(_ label: String) -> String {
        var text = ""
        var escaped = false
        for character in label {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            text.append(character)
            escaped = false
        }
        return text
    }

    /// A button whose content is `child` (a box of labels and icons, say); `role` is what
    /// assistive technologies hear it as (a check box, whose state `setAccessibleChecked` says).
    public init(child: Widget, role: AccessibleRole? = nil) {
        let button = role.map { foldout_button_new_with_role($0.gtk) } ?? gtk_button_new()
        super.init(sinkingFloating: UnsafeMutableRawPointer(button!))
        gtk_button_set_child(cast(), child.widget)
    }

    public init(iconName: String, tooltip: String) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)))
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
    }

    public var label: String {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } ?? "" }
        set {
            gtk_button_set_label(cast(), newValue)
            if gtk_button_get_use_underline(cast()) != 0 { nameWithoutMnemonic(newValue) }
        }
    }

    public func setIconName(_ name: String) { gtk_button_set_icon_name(cast(), name) }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("clicked", handler)
    }
}

@MainActor
public final class Image: Widget {
    public init(iconName: String) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
    }
}

@MainActor
public final class Spinner: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_spinner_new())) }
    public var spinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue.gboolean) }
    }
}

extension Widget {
    /// Names the widget `label` without its mnemonic underscore, for assistive technologies (a
    /// button, toggle or check box made with a mnemonic; GTK 4.8 would say the underscore).
    func nameWithoutMnemonic(_ label: String) {
        foldout_accessible_reset_labelled_by(widget)
        setAccessibleLabel(Button.withoutMnemonic(label))
    }
}
