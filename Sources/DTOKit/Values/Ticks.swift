/// .NET's unit of time, the 100-nanosecond tick, and exact conversions between tick counts and the
/// Doubles of seconds that Swift's `TimeInterval` and `Date` hold.
///
/// .NET keeps times as 64-bit tick counts; Swift keeps them as Doubles. Going from ticks to a
/// Double rounds once (unavoidably); going back must not round again, or a value read and written
/// drifts by a tick (`seconds * 1e7` in Double arithmetic does).
enum Ticks {
    static let perSecond: Int64 = 10_000_000
    static let perMillisecond: Int64 = 10_000
    static let perMinute: Int64 = 60 * perSecond
    static let perHour: Int64 = 3600 * perSecond
    static let perDay: Int64 = 86_400 * perSecond

    /// The Double nearest to `ticks` seconds ÷ 10^7 (whole seconds exactly, plus the fraction:
    /// the fraction's own rounding error is far below the sum's last bit, so the sum rounds once).
    static func seconds(_ ticks: Int64) -> Double {
        if ticks.magnitude <= 1 << 53 {
            // Exact numerator: one correctly rounded division.
            return Double(ticks) / Double(perSecond)
        }
        let whole = ticks / perSecond
        let fraction = ticks % perSecond
        return Double(whole) + Double(fraction) / Double(perSecond)
    }

    /// The tick count nearest to `seconds` × 10^7, computed from the Double's exact binary value
    /// (ties to even); nil for NaN, infinities and values beyond ±2^63 ticks.
    static func nearest(toSeconds seconds: Double) -> Int64? {
        guard seconds.isFinite else { return nil }
        if seconds == 0 { return 0 }
        // seconds = significand × 2^exponent, with an integer significand below 2^53.
        let significand: UInt64
        let exponent: Int
        if seconds.exponentBitPattern == 0 {
            significand = seconds.significandBitPattern
            exponent = -1074
        } else {
            significand = seconds.significandBitPattern | (1 << 52)
            exponent = Int(seconds.exponentBitPattern) - 1075  // 32-bit: an 11-bit field
        }
        // ticks = significand × 10^7 × 2^exponent; the product is below 2^77, so 128 bits hold it.
        let product = significand.multipliedFullWidth(by: UInt64(perSecond))
        guard let magnitude = scaled(high: product.high, low: product.low, byPowerOfTwo: exponent) else { return nil }
        if seconds < 0 {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// (high, low) × 2^exponent rounded to the nearest integer (ties to even), or nil when it does
    /// not fit 64 bits.
    private static func scaled(high: UInt64, low: UInt64, byPowerOfTwo exponent: Int) -> UInt64? {
        if exponent >= 0 {
            guard high == 0, exponent < 64, low <= UInt64.max >> exponent else { return nil }
            return low << exponent
        }
        let shift = -exponent
        // Everything shifted out: the value is below a quarter (high < 2^13 here).
        if shift >= 128 { return 0 }
        let quotient: UInt64
        let remainderVersusHalf: Int  // -1 below half, 0 exactly half, 1 above half
        if shift < 64 {
            guard high >> shift == 0 else { return nil }
            quotient = (low >> shift) | (high << (64 - shift))
            let remainder = low & ((1 << shift) - 1)
            let half: UInt64 = 1 << (shift - 1)
            remainderVersusHalf = remainder < half ? -1 : remainder == half ? 0 : 1
        } else {
            let highShift = shift - 64
            quotient = high >> highShift
            let remainderHigh = highShift == 0 ? 0 : high & ((1 << highShift) - 1)
            // Half is 2^(shift-1): in the high word unless shift is 64.
            let halfHigh: UInt64 = highShift == 0 ? 0 : 1 << (highShift - 1)
            let halfLow: UInt64 = highShift == 0 ? 1 << 63 : 0
            if remainderHigh != halfHigh {
                remainderVersusHalf = remainderHigh < halfHigh ? -1 : 1
            } else {
                remainderVersusHalf = low < halfLow ? -1 : low == halfLow ? 0 : 1
            }
        }
        if remainderVersusHalf > 0 || (remainderVersusHalf == 0 && quotient & 1 == 1) {
            let (rounded, overflow) = quotient.addingReportingOverflow(1)
            return overflow ? nil : rounded
        }
        return quotient
    }

    /// The tick count to print for `seconds`: the roundest count (whole seconds, then tenths, …
    /// down to single ticks) that reads back as exactly the same Double, so `1.1` prints as
    /// `1.1`, not as the `1.1000000000000000888` the Double holds; the nearest tick count when
    /// none does (values so small or so precise that ticks cannot tell them apart). Nil when
    /// `seconds` is not finite or beyond ±2^63 ticks.
    static func roundest(forSeconds seconds: Double) -> Int64? {
        guard let exact = nearest(toSeconds: seconds) else { return nil }
        var unit: Int64 = perSecond
        while unit > 1 {
            if let candidate = rounded(exact, toMultipleOf: unit), Ticks.seconds(candidate) == seconds {
                return candidate
            }
            unit /= 10
        }
        return exact
    }

    /// `ticks` rounded to the nearest multiple of `unit` (halves away from zero); nil on overflow.
    static func rounded(_ ticks: Int64, toMultipleOf unit: Int64) -> Int64? {
        let quotient = ticks / unit
        let remainder = ticks % unit
        var units = quotient
        if remainder.magnitude * 2 >= unit.magnitude {
            units += ticks < 0 ? -1 : 1
        }
        let (product, overflow) = units.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }
}
