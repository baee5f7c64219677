import Gtk

/// The application's style sheet, on top of the theme.
enum Style {
    static let css = """
    .actions-list > row { padding: 0; }
    .action-row { padding: 10px 14px; }
    .action-row .unfolded { padding-top: 8px; }
    .action-row .detail { opacity: 0.9; }
    .action-row.expanded { background-color: alpha(@theme_selected_bg_color, 0.08); }
    .action-row:focus-visible { outline: 2px solid alpha(@theme_selected_bg_color, 0.7); outline-offset: -2px; }
    .facet-bar { padding: 6px 8px; }
    .combo-header { border-radius: 0; padding: 8px 14px; }
    .combo-arrow { transition: -gtk-icon-transform 200ms ease-out; }
    .combo-arrow.open { -gtk-icon-transform: rotate(90deg); }
    .combo-options button { border-radius: 0; padding: 6px 14px 6px 116px; }
    .combo-section { border-bottom: 1px solid @borders; }
    .results-status { padding: 6px 14px; }
    .result-row { padding: 6px 14px; }
    .result-name { font-weight: bold; }
    .facet-reset { font-weight: bold; }
    .warning-banner { padding: 8px 14px; background-color: alpha(@warning_color, 0.18); }
    .edit-pane { padding: 12px 14px; border-bottom: 1px solid @borders; background-color: @theme_base_color; }
    .banner-summary { font-weight: bold; }
    .movie-row { padding: 6px 12px; }
    .movie-title { font-weight: bold; }
    .movie-detail { padding: 18px; }
    .movie-detail .title-2 { font-size: 1.5em; font-weight: bold; }
    label.error { color: @error_color; }
    """

    @MainActor static func load() { Display.addStyleSheet(css) }
}
