import type { ItemRename } from '../../schemas/community.js'
import type { TypeRow } from '../../schemas/static-data.js'
import { normalizeName } from './names.js'

/** What a pasted name is: a current type, an old name of one (renamed), or unknown with perhaps one close match. */
export type NameLookup =
  { kind: 'exact'; type: TypeRow } | { kind: 'renamed'; type: TypeRow; pastedName: string } | { kind: 'unknown'; suggestion: string | null }

/**
 * Rows of the item-renames set that are not renames and are never applied (data/community/item-renames/PROVENANCE.md,
 * "Not renames"): skinned special-edition hulls folded into their base hull (their value differs) and Pyfa's own
 * pre-release placeholder names, which CCP never used.
 */
const NOT_RENAMES = new Set(['skinnedShips', 'trigDread'])

/**
 * Old item names → current types, from the item-renames set, applied only to a name that matches no current type
 * (current names always win, so a reused name such as "Gas Cloud Harvester I" or a live skinned hull is never remapped).
 * A row's `new` is followed through the table until it names a type of this SDE (the set's rule for a newer SDE),
 * else its typeID is used if this SDE has it. Rows with no target (typeID null) resolve nothing.
 */
export class RenameIndex {
  private byOld = new Map<string, TypeRow>()

  constructor(rows: readonly ItemRename[], byName: (key: string) => TypeRow | undefined, byId: (id: number) => TypeRow | undefined) {
    const next = new Map<string, string>()
    for (const r of rows) if (r.typeID !== null && !NOT_RENAMES.has(r.since)) next.set(normalizeName(r.old), normalizeName(r.new))
    for (const r of rows) {
      if (r.typeID === null || NOT_RENAMES.has(r.since)) continue
      const old = normalizeName(r.old)
      if (this.byOld.has(old)) continue
      let target = normalizeName(r.new)
      const seen = new Set([old])
      while (!byName(target) && next.has(target) && !seen.has(target)) {
        seen.add(target)
        target = next.get(target)!
      }
      const type = byName(target) ?? byId(r.typeID)
      if (type) this.byOld.set(old, type)
    }
  }

  get(key: string): TypeRow | undefined {
    return this.byOld.get(key)
  }
}

/** Levenshtein distance, giving up (returning max + 1) once it must exceed `max`. */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      cur.push(v)
      if (v < best) best = v
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length]
}

/**
 * "Did you mean …": the one published type whose name is within a small edit distance of the pasted one (1 for names
 * of 4-7 characters, 2 from 8) and which starts with the same letter (keeps a lookup to a few hundred comparisons).
 * Two or more equally close names, or a name under 4 characters, suggest nothing.
 */
export class Suggester {
  private byLength = new Map<string, Array<{ key: string; name: string }>>()

  constructor(types: Iterable<TypeRow>) {
    const seen = new Set<string>()
    for (const t of types) {
      if (!t.published) continue
      const key = normalizeName(t.name)
      if (seen.has(key)) continue
      seen.add(key)
      const bucket = `${key[0]}${key.length}`
      const list = this.byLength.get(bucket) ?? []
      list.push({ key, name: t.name })
      this.byLength.set(bucket, list)
    }
  }

  suggest(key: string): string | null {
    if (key.length < 4) return null
    const max = key.length >= 8 ? 2 : 1
    let best = max + 1
    let found: string[] = []
    for (let len = key.length - max; len <= key.length + max; len++) {
      for (const c of this.byLength.get(`${key[0]}${len}`) ?? []) {
        const d = distanceWithin(key, c.key, Math.min(max, best))
        if (d < best) {
          best = d
          found = [c.name]
        } else if (d === best && d <= max) found.push(c.name)
      }
    }
    return best <= max && found.length === 1 ? found[0] : null
  }
}
