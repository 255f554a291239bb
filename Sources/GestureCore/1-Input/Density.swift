// How many root pixels a millimetre of a device's surface is: what the
// engine turns its thresholds in mm into px with (issue 59: a hand is the
// same size on every panel, its px are not).

extension Screen {
    /// A touchscreen's own density: the root pixels it covers (the output
    /// it is mapped to, else the whole root, as X maps an unmapped one)
    /// over its surface's mm (its axes' range over their resolution, as X or
    /// udev say them: `Device.sizeMM`). The mean of the two axes (a panel's
    /// pixels are square; a surface whose aspect differs from its output's
    /// is stretched, and the mean errs least either way). nil for other
    /// devices and for a touchscreen that declares no size: then
    /// `pxPerMM`, the monitor's, or the 3.78 px/mm estimate (96 dpi) when
    /// that declares none either.
    public func declaredPxPerMM(of device: Device) -> Double? {
        guard device.kind == .touchscreen, let mm = device.sizeMM, mm.width > 0, mm.height > 0 else { return nil }
        var w = width, h = height
        if let name = device.output, let o = outputs.first(where: { $0.name == name }) {
            w = o.width
            h = o.height
        }
        let d = (w / mm.width + h / mm.height) / 2
        return d.isFinite && d > 0 ? d : nil
    }

    /// The density the engine judges `device`'s hands at.
    public func pxPerMM(of device: Device) -> Double { declaredPxPerMM(of: device) ?? pxPerMM }
}
