// GTK 4 and libadwaita for the settings app (gesture-bridge-settings).
// Swift imports GTK's functions and types; what it cannot import is here:
// variadic functions (gtk_accessible_update_*) and the type macros.
#ifndef GESTURE_BRIDGE_CGTK_SHIM_H
#define GESTURE_BRIDGE_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>

// The name a screen reader (and the AT-SPI tests) reads for a widget.
static inline void cx_gtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// A progress bar's value for assistive technologies.
static inline void cx_gtk_set_accessible_value(GtkWidget *widget, double value, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, value,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

// A banner's row as libadwaita's AdwBanner lays its title and button out
// (adw-banner.c, libadwaita 1.3), for libadwaita 1.1 and 1.2, which have no
// AdwBanner, and for a message of several lines (AdwBanner ellipsizes its
// title at three): the children are an icon, a wrapping label and
// optionally a button. When the label's natural width fits beside the icon
// and the button, one line: icon, label, button (centred vertically);
// otherwise the label takes the whole width beside the icon, wrapping, and
// the button goes under it, centred. Never a word a line beside a button.
// The layout's own steps are plain `static`, without the cx_ prefix: only
// the C below calls them (LinkedLibrariesTests holds every cx_ and inline
// wrapper to a Swift caller).
#define CX_BANNER_SPACING 12
#define CX_BANNER_VSPACING 6

static void layout_banner_children(GtkWidget *w, GtkWidget **icon, GtkWidget **label, GtkWidget **button) {
    *icon = gtk_widget_get_first_child(w);
    *label = *icon ? gtk_widget_get_next_sibling(*icon) : NULL;
    *button = *label ? gtk_widget_get_next_sibling(*label) : NULL;
    if (*button && !gtk_widget_get_visible(*button)) *button = NULL;
}

static int layout_banner_nat_width(GtkWidget *w) {
    int nat = 0;
    gtk_widget_measure(w, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
    return nat;
}

// Whether icon, label and button fit on one line `width` wide.
static gboolean layout_banner_one_line(GtkWidget *icon, GtkWidget *label, GtkWidget *button, int width) {
    if (!button) return TRUE;
    return layout_banner_nat_width(icon) + CX_BANNER_SPACING + layout_banner_nat_width(label) + CX_BANNER_SPACING
        + layout_banner_nat_width(button) <= width;
}

static GtkSizeRequestMode layout_banner_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void layout_banner_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                     int *natural, int *minimum_baseline, int *natural_baseline) {
    GtkWidget *icon, *label, *button;
    layout_banner_children(widget, &icon, &label, &button);
    int min = 0, nat = 0;
    if (icon && label) {
        int imin, inat, lmin, lnat, bmin = 0, bnat = 0;
        if (orientation == GTK_ORIENTATION_HORIZONTAL) {
            gtk_widget_measure(icon, orientation, -1, &imin, &inat, NULL, NULL);
            gtk_widget_measure(label, orientation, -1, &lmin, &lnat, NULL, NULL);
            if (button) gtk_widget_measure(button, orientation, -1, &bmin, &bnat, NULL, NULL);
            // At its narrowest the button is under the label.
            min = MAX(imin + CX_BANNER_SPACING + lmin, bmin);
            nat = inat + CX_BANNER_SPACING + lnat + (button ? CX_BANNER_SPACING + bnat : 0);
        } else {
            int iw = layout_banner_nat_width(icon);
            gtk_widget_measure(icon, orientation, -1, &imin, &inat, NULL, NULL);
            if (for_size < 0 || layout_banner_one_line(icon, label, button, for_size)) {
                int lw = for_size < 0 ? -1 : MAX(0, for_size - iw - CX_BANNER_SPACING
                                                     - (button ? CX_BANNER_SPACING + layout_banner_nat_width(button) : 0));
                gtk_widget_measure(label, orientation, lw, &lmin, &lnat, NULL, NULL);
                if (button) gtk_widget_measure(button, orientation, -1, &bmin, &bnat, NULL, NULL);
                min = MAX(MAX(imin, lmin), bmin);
                nat = MAX(MAX(inat, lnat), bnat);
            } else {
                gtk_widget_measure(label, orientation, MAX(0, for_size - iw - CX_BANNER_SPACING), &lmin, &lnat, NULL, NULL);
                gtk_widget_measure(button, orientation, -1, &bmin, &bnat, NULL, NULL);
                min = MAX(imin, lmin) + CX_BANNER_VSPACING + bmin;
                nat = MAX(inat, lnat) + CX_BANNER_VSPACING + bnat;
            }
        }
    }
    if (minimum) *minimum = min;
    if (natural) *natural = nat;
    if (minimum_baseline) *minimum_baseline = -1;
    if (natural_baseline) *natural_baseline = -1;
}

static void layout_banner_place(GtkWidget *w, int x, int y, int width, int height) {
    GtkAllocation a = { x, y, width, height };
    gtk_widget_size_allocate(w, &a, -1);
}

static void layout_banner_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    GtkWidget *icon, *label, *button;
    layout_banner_children(widget, &icon, &label, &button);
    if (!icon || !label) return;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int iw = layout_banner_nat_width(icon), ih = 0, lh = 0, bw = 0, bh = 0;
    gtk_widget_measure(icon, GTK_ORIENTATION_VERTICAL, iw, NULL, &ih, NULL, NULL);
    if (button) {
        bw = MIN(layout_banner_nat_width(button), width);
        gtk_widget_measure(button, GTK_ORIENTATION_VERTICAL, bw, NULL, &bh, NULL, NULL);
    }
    if (layout_banner_one_line(icon, label, button, width)) {
        int lw = MAX(0, width - iw - CX_BANNER_SPACING - (button ? CX_BANNER_SPACING + bw : 0));
        gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, lw, NULL, &lh, NULL, NULL);
        lh = MIN(lh, height);
        layout_banner_place(icon, rtl ? width - iw : 0, (height - ih) / 2, iw, ih);
        layout_banner_place(label, rtl ? (button ? bw + CX_BANNER_SPACING : 0) : iw + CX_BANNER_SPACING, (height - lh) / 2, lw, lh);
        if (button) layout_banner_place(button, rtl ? 0 : width - bw, (height - bh) / 2, bw, bh);
    } else {
        int lw = MAX(0, width - iw - CX_BANNER_SPACING);
        gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, lw, NULL, &lh, NULL, NULL);
        int top = MAX(ih, lh);
        layout_banner_place(icon, rtl ? width - iw : 0, (top - ih) / 2, iw, ih);
        layout_banner_place(label, rtl ? 0 : iw + CX_BANNER_SPACING, (top - lh) / 2, lw, lh);
        layout_banner_place(button, (width - bw) / 2, MIN(top + CX_BANNER_VSPACING, MAX(0, height - bh)), bw, bh);
    }
}

static inline GtkLayoutManager *cx_banner_layout_new(void) {
    return gtk_custom_layout_new(layout_banner_request_mode, layout_banner_measure, layout_banner_allocate);
}

// A row of Try It's bars: a name, a progress bar and a text. On one line
// (name, bar taking what is left but at least CX_BAR_MIN, text) while the
// name and the text fit at their natural widths; else stacked, each over
// the whole width: the name, the bar, the text wrapping under it (a window
// of 360 px: no name cut to "work…", no text a word a line).
#define CX_BAR_MIN 120

static gboolean layout_bar_row_one_line(GtkWidget *name, GtkWidget *text, int width) {
    return layout_banner_nat_width(name) + CX_BANNER_SPACING + CX_BAR_MIN + CX_BANNER_SPACING + layout_banner_nat_width(text) <= width;
}

static void layout_bar_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                      int *natural, int *minimum_baseline, int *natural_baseline) {
    GtkWidget *name = gtk_widget_get_first_child(widget);
    GtkWidget *bar = name ? gtk_widget_get_next_sibling(name) : NULL;
    GtkWidget *text = bar ? gtk_widget_get_next_sibling(bar) : NULL;
    int min = 0, nat = 0;
    if (text) {
        int nmin, nnat, bmin, bnat, tmin, tnat;
        if (orientation == GTK_ORIENTATION_HORIZONTAL) {
            gtk_widget_measure(name, orientation, -1, &nmin, &nnat, NULL, NULL);
            gtk_widget_measure(bar, orientation, -1, &bmin, &bnat, NULL, NULL);
            gtk_widget_measure(text, orientation, -1, &tmin, &tnat, NULL, NULL);
            min = MAX(MAX(nmin, bmin), tmin);
            nat = nnat + CX_BANNER_SPACING + MAX(bnat, CX_BAR_MIN) + CX_BANNER_SPACING + tnat;
        } else if (for_size < 0 || layout_bar_row_one_line(name, text, for_size)) {
            // Each at the width it gets on the line (a text at its natural width may wrap: max-width-chars).
            gtk_widget_measure(name, orientation, layout_banner_nat_width(name), &nmin, &nnat, NULL, NULL);
            gtk_widget_measure(bar, orientation, -1, &bmin, &bnat, NULL, NULL);
            gtk_widget_measure(text, orientation, layout_banner_nat_width(text), &tmin, &tnat, NULL, NULL);
            min = MAX(MAX(nmin, bmin), tmin);
            nat = MAX(MAX(nnat, bnat), tnat);
        } else {
            gtk_widget_measure(name, orientation, for_size, &nmin, &nnat, NULL, NULL);
            gtk_widget_measure(bar, orientation, for_size, &bmin, &bnat, NULL, NULL);
            gtk_widget_measure(text, orientation, for_size, &tmin, &tnat, NULL, NULL);
            min = nmin + bmin + tmin + 2 * CX_BANNER_VSPACING;
            nat = nnat + bnat + tnat + 2 * CX_BANNER_VSPACING;
        }
    }
    if (minimum) *minimum = min;
    if (natural) *natural = nat;
    if (minimum_baseline) *minimum_baseline = -1;
    if (natural_baseline) *natural_baseline = -1;
}

static void layout_bar_row_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    GtkWidget *name = gtk_widget_get_first_child(widget);
    GtkWidget *bar = name ? gtk_widget_get_next_sibling(name) : NULL;
    GtkWidget *text = bar ? gtk_widget_get_next_sibling(bar) : NULL;
    if (!text) return;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int nh, bh, th;
    if (layout_bar_row_one_line(name, text, width)) {
        int nw = layout_banner_nat_width(name), tw = layout_banner_nat_width(text);
        int bw = MAX(0, width - nw - tw - 2 * CX_BANNER_SPACING);
        gtk_widget_measure(name, GTK_ORIENTATION_VERTICAL, nw, NULL, &nh, NULL, NULL);
        gtk_widget_measure(bar, GTK_ORIENTATION_VERTICAL, bw, NULL, &bh, NULL, NULL);
        gtk_widget_measure(text, GTK_ORIENTATION_VERTICAL, tw, NULL, &th, NULL, NULL);
        layout_banner_place(name, rtl ? width - nw : 0, (height - nh) / 2, nw, nh);
        layout_banner_place(bar, rtl ? tw + CX_BANNER_SPACING : nw + CX_BANNER_SPACING, (height - bh) / 2, bw, bh);
        layout_banner_place(text, rtl ? 0 : width - tw, (height - th) / 2, tw, th);
    } else {
        gtk_widget_measure(name, GTK_ORIENTATION_VERTICAL, width, NULL, &nh, NULL, NULL);
        gtk_widget_measure(bar, GTK_ORIENTATION_VERTICAL, width, NULL, &bh, NULL, NULL);
        gtk_widget_measure(text, GTK_ORIENTATION_VERTICAL, width, NULL, &th, NULL, NULL);
        layout_banner_place(name, 0, 0, width, nh);
        layout_banner_place(bar, 0, nh + CX_BANNER_VSPACING, width, bh);
        layout_banner_place(text, 0, nh + bh + 2 * CX_BANNER_VSPACING, width, th);
    }
}

static inline GtkLayoutManager *cx_bar_row_layout_new(void) {
    return gtk_custom_layout_new(layout_banner_request_mode, layout_bar_row_measure, layout_bar_row_allocate);
}

#endif
