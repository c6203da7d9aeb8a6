/** A mass as people paste it from the game: "200,000,000 kg", "200 000 000", "200000000". null when it is not a mass. */
export function parseMassKg(raw: string): number | null {
  const cleaned = raw.trim().toLowerCase().replace(/kg$/, '').replace(/[\s,_'\u00a0\u202f]/g, '')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  const n = Number(cleaned)
  return n > 0 && Number.isFinite(n) ? n : null
}
