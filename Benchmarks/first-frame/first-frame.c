/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The start-up baseline: the least a GTK 4 application does to show a window. It opens an
 * empty window with a header bar and quits after the window's first frame has been painted,
 * as `foldout --quit-after-first-frame` does. */
#include <gtk/gtk.h>

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

static void activate(GtkApplication *app) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "First frame");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    gtk_widget_add_tick_callback(window, first_tick, app, NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("dev.foldout.FirstFrame", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
