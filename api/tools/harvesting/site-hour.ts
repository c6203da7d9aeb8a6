/** One cloud as the site's hour sees it: the fleet's rate on it, what it yields in all, and how long it lasts. */
export interface CloudHour {
  /** ISK per hour while the fleet huffs this cloud (units/h × price); null without a price. */
  iskPerHour: number | null
  /** ISK of the expected harvest of the whole cloud (residue taken out); null without a price. */
  iskPerCloud: number | null
  /** Seconds for the fleet to empty the cloud (whole cycles); -1 when the fleet never empties it. */
  ttkSeconds: number
}

const HOUR = 3600

/**
 * What a gas site pays per hour of huffing it: the ISK the fleet takes in its first hour on the site, bounded by what
 * the clouds hold. The fleet huffs one cloud at a time, the better-paying gas first; on a cloud it earns its rate
 * while huffing (iskPerHour) until the cloud is empty (ttkSeconds; residue makes that sooner), and never more than
 * the cloud's expected harvest (iskPerCloud). A site the fleet empties in under an hour pays what it holds: the hour
 * is not filled with another site (scanning and warping are not counted). Null when a cloud has no price, since
 * either cloud may be the one the hour is spent on.
 */
export function siteIskPerHour(clouds: readonly CloudHour[]): number | null {
  if (clouds.some((c) => c.iskPerHour === null || c.iskPerCloud === null)) return null
  let left = HOUR
  let total = 0
  for (const c of [...clouds].sort((a, b) => b.iskPerHour! - a.iskPerHour!)) {
    if (left <= 0) break
    const seconds = c.ttkSeconds < 0 ? left : Math.min(left, c.ttkSeconds)
    total += Math.min((c.iskPerHour! * seconds) / HOUR, c.iskPerCloud!)
    left -= seconds
  }
  return total
}

/** Seconds to empty every cloud of a site, one after another; -1 when one is never emptied. */
export function siteHuffSeconds(clouds: readonly CloudHour[]): number {
  return clouds.some((c) => c.ttkSeconds < 0) ? -1 : clouds.reduce((sum, c) => sum + c.ttkSeconds, 0)
}
