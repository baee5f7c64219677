/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The start-up baselines. Without arguments, the least a GTK 4 application does to show a window:
 * an empty window with a header bar. With `--content`, the same window showing what Foldout's
 * first frame shows, written in plain C GTK: a page switcher over three pages and a menu button
 * (built when it first opens) in the header bar, the raised buttons with Foldout's unblurred
 * shadow; a list of two-line rows (a bold name over a line of text, an arrow at 70% opacity, 10 by
 * 14 pixels of padding, separators), as many as fill the window at 32 pixels a row, as Foldout
 * lists them. The difference from Foldout is then Foldout's own: the Swift runtime, its libraries
 * and its set-up. Either quits after the window's first frame has been painted, as
 * `foldout --quit-after-first-frame` does. */
#include <gtk/gtk.h>
#include <string.h>

#define WINDOW_HEIGHT 640
#define MINIMUM_ROW_HEIGHT 32

static gboolean quit_idle(gpointer app) {
    g_application_quit(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handlers_disconnect_by_func(clock, after_paint, app);
    g_idle_add(quit_idle, app);
}

static gboolean first_tick(GtkWidget *window, GdkFrameClock *clock, gpointer app) {
    (void)window;
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
    return G_SOURCE_REMOVE;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_margin_start(row, 14);
    gtk_widget_set_margin_end(row, 14);
    gtk_widget_set_margin_top(row, 10);
    gtk_widget_set_margin_bottom(row, 10);
    GtkWidget *text = gtk_inscription_new(NULL);
    gtk_inscription_set_min_lines(GTK_INSCRIPTION(text), 2);
    gtk_widget_set_hexpand(text, TRUE);
    gtk_box_append(GTK_BOX(row), text);
    GtkWidget *arrow = gtk_image_new_from_icon_name("pan-end-symbolic");
    gtk_widget_set_opacity(arrow, 0.7);
    gtk_box_append(GTK_BOX(row), arrow);
    gtk_list_item_set_child(item, row);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    GtkWidget *text = gtk_widget_get_first_child(gtk_list_item_get_child(item));
    const char *name = gtk_string_object_get_string(gtk_list_item_get_item(item));
    char *markup = g_markup_printf_escaped("<b>%s</b>\n%s", name, "North ribbon quiet kept");
    gtk_inscription_set_markup(GTK_INSCRIPTION(text), markup);
    g_free(markup);
}

static void build_menu(GtkMenuButton *button, gpointer data) {
    (void)data;
    if (gtk_menu_button_get_menu_model(button) != NULL)
        return;
    GMenu *menu = g_menu_new();
    g_menu_append(menu, "Quit", "app.quit");
    gtk_menu_button_set_menu_model(button, G_MENU_MODEL(menu));
    g_object_unref(menu);
}

static GtkWidget *row_list(void) {
    GtkStringList *names = gtk_string_list_new(NULL);
    for (int row = 0; row < WINDOW_HEIGHT / MINIMUM_ROW_HEIGHT + 1; row++) {
        char *name = g_strdup_printf("Vera Mensah %d", row);
        gtk_string_list_append(names, name);
        g_free(name);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(names))), factory);
    gtk_list_view_set_show_separators(GTK_LIST_VIEW(list), TRUE);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    return scrolled;
}

static void add_content(GtkWidget *window, GtkWidget *header) {
    GtkCssProvider *style = gtk_css_provider_new();
    gtk_css_provider_load_from_data(style,
                                    "headerbar stackswitcher > button:not(:checked):not(:active):not(:backdrop),"
                                    "headerbar menubutton > button:not(:checked):not(:active):not(:backdrop)"
                                    "{ box-shadow: 0 1px rgba(0, 0, 0, 0.07); }"
                                    "listview > row { padding: 0; }",
                                    -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(style),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(style);

    GtkWidget *stack = gtk_stack_new();
    gtk_stack_add_titled(GTK_STACK(stack), row_list(), "actions", "Actions");
    gtk_stack_add_titled(GTK_STACK(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "filters", "Filters");
    gtk_stack_add_titled(GTK_STACK(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "movies", "Movies");
    GtkWidget *switcher = gtk_stack_switcher_new();
    gtk_stack_switcher_set_stack(GTK_STACK_SWITCHER(switcher), GTK_STACK(stack));
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header), switcher);
    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    gtk_menu_button_set_create_popup_func(GTK_MENU_BUTTON(menu), build_menu, NULL, NULL);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), menu);
    gtk_window_set_child(GTK_WINDOW(window), stack);
}

static void activate(GtkApplication *app, gpointer with_content) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "First frame");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, WINDOW_HEIGHT);
    GtkWidget *header = gtk_header_bar_new();
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    if (with_content)
        add_content(window, header);
    gtk_widget_add_tick_callback(window, first_tick, app, NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    gboolean with_content = argc > 1 && strcmp(argv[1], "--content") == 0;
    GtkApplication *app = gtk_application_new("dev.foldout.FirstFrame", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), GINT_TO_POINTER(with_content));
    int status = g_application_run(G_APPLICATION(app), with_content ? 1 : argc, argv);
    g_object_unref(app);
    return status;
}
