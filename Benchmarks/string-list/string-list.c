/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The million-row baseline: GTK's stock way to show a long list of text. A GtkListView over a
 * GtkStringList of 1,000,000 strings, one label per row. By default it quits after its first
 * frame; with --bench-scroll FRAMES it scrolls one page per frame and prints the 50th and 99th
 * percentile of the frame intervals (g_get_monotonic_time) as one JSON line, like foldout does. */
#include <gtk/gtk.h>
#include <stdlib.h>

static int scroll_frames = 0;
static GArray *intervals;
static gint64 last_frame;
static GtkAdjustment *adjustment;

static gboolean quit_idle(gpointer app) {
    g_application_quit(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double fraction) {
    if (intervals->len == 0) return 0;
    g_array_sort(intervals, compare_doubles);
    guint rank = (guint)(fraction * intervals->len + 0.999999);
    if (rank < 1) rank = 1;
    return g_array_index(intervals, double, rank - 1);
}

static gboolean scroll_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer app) {
    (void)widget; (void)clock;
    gint64 now = g_get_monotonic_time();
    if (last_frame) {
        double ms = (now - last_frame) / 1000.0;
        g_array_append_val(intervals, ms);
    }
    last_frame = now;
    double next = gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment);
    if (next + gtk_adjustment_get_page_size(adjustment) > gtk_adjustment_get_upper(adjustment)) next = 0;
    gtk_adjustment_set_value(adjustment, next);
    if ((int)intervals->len < scroll_frames) return G_SOURCE_CONTINUE;
    double p50 = percentile(0.5), p99 = percentile(0.99), max = g_array_index(intervals, double, intervals->len - 1);
    printf("{\"frames\": %u, \"max_ms\": %.3f, \"p50_ms\": %.3f, \"p99_ms\": %.3f}\n", intervals->len, max, p50, p99);
    fflush(stdout);
    g_idle_add(quit_idle, app);
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handlers_disconnect_by_func(clock, after_paint, app);
    g_idle_add(quit_idle, app);
}

static gboolean first_tick(GtkWidget *window, GdkFrameClock *clock, gpointer app) {
    if (scroll_frames > 0)
        gtk_widget_add_tick_callback(window, scroll_tick, app, NULL);
    else
        g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
    return G_SOURCE_REMOVE;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item) {
    (void)factory;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item) {
    (void)factory;
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

static void activate(GtkApplication *app) {
    GtkStringList *strings = gtk_string_list_new(NULL);
    char text[64];
    for (int i = 0; i < 1000000; i++) {
        g_snprintf(text, sizeof text, "Item %d of the catalog", i);
        gtk_string_list_append(strings, text);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));

    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "String list");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_widget_add_tick_callback(window, first_tick, app, NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc == 3 && g_strcmp0(argv[1], "--bench-scroll") == 0) {
        scroll_frames = atoi(argv[2]);
        argc = 1;
    }
    intervals = g_array_new(FALSE, FALSE, sizeof(double));
    GtkApplication *app = gtk_application_new("dev.foldout.StringList", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
