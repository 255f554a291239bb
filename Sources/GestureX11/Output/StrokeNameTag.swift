import CX11
import GestureCore

/// The name of what a stroke fired (or "no shape" and the closest one),
/// shown near the pointer for a second at the stroke's end
/// (`stroke-name`, on by default): a small override-redirect,
/// input-transparent window (OverlayWindow), made at the first name shown.
/// Its text is drawn once into a pixmap that becomes the window's
/// background, so X paints it whenever it is exposed: no Expose to follow,
/// with or without a compositor. Where and for how long: NameTagPlan.
///
/// The font is a core font (no library more): misc-fixed's bold 9x18 in
/// ISO 10646 (xfonts-base, which every X server's default font path
/// has), else its medium, else the server's own `fixed`. Text
/// is drawn as 16-bit characters, so the catalogs' translations show
/// where the font has their glyphs; where it lacks one (misc-fixed has no
/// CJK at 18 px), the English words are shown instead.
public final class StrokeNameTag {
    let connection: XConnection
    private var setup: OverlayWindow.Setup? = nil
    private var window: Window = 0
    private var gc: GC? = nil
    private var font: UnsafeMutablePointer<XFontStruct>? = nil
    private(set) var shown = false

    static let background: UInt32 = 0x202020
    static let foreground: UInt32 = 0xFFFFFF
    static let border: UInt32 = 0x3584E4
    static let padding = 6
    /// Only the characters up to Cyrillic's end (an XLFD subset, which the
    /// server's font code takes): whole, the font's metrics are 65,536
    /// characters, which Xlib keeps (786 kB of heap from the first name on);
    /// these 1,263 are all one width, and Xlib keeps none.
    static let fonts = ["-misc-fixed-bold-r-normal--18-120-*-*-c-90-iso10646-1[32_126 160_1327]",
                        "-misc-fixed-medium-r-normal--18-120-*-*-c-90-iso10646-1[32_126 160_1327]", "fixed"]

    public init(connection: XConnection) {
        self.connection = connection
    }

    /// The tag's window, for tests (0: none made yet).
    public var windowID: Window { window }

    /// Shows `text` near `pointer`. The first call opens the font and asks
    /// for the Shape extension (round trips, once); after that one-way
    /// requests only, sent with the daemon's flush.
    public func show(_ translated: String, english: String, near pointer: Point) {
        guard connection.alive, !translated.isEmpty else { return }
        let d = connection.display
        if setup == nil { setup = OverlayWindow.Setup(connection) }
        guard let setup, setup.shape else { return }
        if font == nil { font = Self.fonts.lazy.compactMap { XLoadQueryFont(d, $0) }.first }
        guard let font else { return }
        let s = XDefaultScreen(d)
        let visual = XDefaultVisual(d, s)!, depth = XDefaultDepth(d, s)
        func pixel(_ rgb: UInt32) -> UInt { OverlayWindow.pixel(rgb, visual: visual, depth: depth) }
        if window == 0 {
            window = OverlayWindow.create(connection, setup, name: "gesture-bridge stroke name",
                                          type: connection.atom("_NET_WM_WINDOW_TYPE_NOTIFICATION"), size: (1, 1),
                                          background: pixel(Self.background))
            var v = XGCValues()
            v.font = font.pointee.fid
            gc = XCreateGC(d, window, UInt(GCFont), &v)
        }
        let text = Self.drawable(translated, font.pointee) ? translated : english
        var chars = Array(text.utf16.prefix(200)).map { XChar2b(byte1: UInt8($0 >> 8), byte2: UInt8($0 & 0xFF)) }
        let f = font.pointee
        let width = Int(XTextWidth16(font, &chars, Int32(chars.count))) + 2 * Self.padding
        let height = Int(f.ascent + f.descent) + 2 * Self.padding
        let screen = connection.screenSize
        let at = NameTagPlan.origin(size: (width, height), near: pointer, screen: (screen.width, screen.height))
        // The text, drawn once into the window's background.
        let pixmap = XCreatePixmap(d, window, UInt32(width), UInt32(height), UInt32(depth))
        XSetForeground(d, gc, pixel(Self.background))
        XFillRectangle(d, pixmap, gc, 0, 0, UInt32(width), UInt32(height))
        XSetForeground(d, gc, pixel(Self.border))
        XDrawRectangle(d, pixmap, gc, 0, 0, UInt32(width - 1), UInt32(height - 1))
        XSetForeground(d, gc, pixel(Self.foreground))
        XDrawString16(d, pixmap, gc, Int32(Self.padding), Int32(Self.padding) + f.ascent, &chars, Int32(chars.count))
        XSetWindowBackgroundPixmap(d, window, pixmap)
        XFreePixmap(d, pixmap)
        XMoveResizeWindow(d, window, Int32(at.x), Int32(at.y), UInt32(width), UInt32(height))
        XClearWindow(d, window)
        XMapRaised(d, window)
        shown = true
    }

    /// Whether `font` has a glyph for every character of `text` (its
    /// per-character metrics, which Xlib read with the font: asks nothing).
    static func drawable(_ text: String, _ font: XFontStruct) -> Bool {
        let rows = Int(font.max_char_or_byte2) - Int(font.min_char_or_byte2) + 1
        for u in text.utf16 {
            let b1 = Int(u >> 8), b2 = Int(u & 0xFF)
            guard b1 >= Int(font.min_byte1), b1 <= Int(font.max_byte1),
                  b2 >= Int(font.min_char_or_byte2), b2 <= Int(font.max_char_or_byte2) else { return false }
            guard let per = font.per_char else { continue }   // every glyph alike: all there
            let c = per[(b1 - Int(font.min_byte1)) * rows + b2 - Int(font.min_char_or_byte2)]
            if c.width == 0 && c.ascent == 0 && c.descent == 0 && c.lbearing == 0 && c.rbearing == 0 { return false }
        }
        return true
    }

    /// Hidden (its second is over, a reload).
    public func hide() {
        guard shown else { return }
        shown = false
        if connection.alive { XUnmapWindow(connection.display, window) }
    }

    /// The window and the font let go of (exit, the names turned off).
    public func destroy() {
        hide()
        defer { window = 0; gc = nil; font = nil }
        guard connection.alive else { return }
        let d = connection.display
        if let gc { XFreeGC(d, gc) }
        if window != 0 { XDestroyWindow(d, window) }
        if let font { XFreeFont(d, font) }
    }
}
