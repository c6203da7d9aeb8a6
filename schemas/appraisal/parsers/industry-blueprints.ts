import { splitColumns } from '../cells.js'
import { parseAmount } from '../numbers.js'
import type { ChainParser } from './chain.js'
import { quantity, reading } from './shared.js'

/**
 * The industry window's Blueprints tab: one row per blueprint, `Name <tab> ME <tab> TE <tab> Runs <tab> Location
 * <tab> Group`. A stack of originals shows its count inside the name cell (`3 x Rifter Blueprint`). Runs tell a copy
 * from an original: a copy shows how many runs it has left; an original has no run limit (shown as a blank, `-`,
 * `∞` or ESI's `-1`). ME and TE are never quantities. A copy has no market of its own, so it is marked, with its
 * runs, and never priced as the original.
 */

/** Blueprints and reaction formulas: every such type's name ends so in the static data. */
const BLUEPRINT_NAME = /(?:Blueprint|Formula)$/i
/** A row of the tab, or its header: most lines of most pastes are neither, and are passed over at once. */
const MENTIONS = /blueprint|formula|\bname\b/i
const STACK = /^(\d[\d.,' ]*?)\s*[x×]\s+(.+)$/i
const UNLIMITED_RUNS = new Set(['', '-', '∞', '-1'])
const HEADER = /^(?:name|blueprint)$/i

/** ME 0-10 and TE 0-20 (EVE University, "Blueprints": research levels). */
const inRange = (text: string, max: number) => /^\d{1,2}$/.test(text) && Number(text) <= max

export const industryBlueprintsParser: ChainParser = {
  name: 'industry-blueprints',
  parse(lines, sink) {
    for (const l of lines) {
      if (l.owner !== null || !l.raw.includes('\t') || !MENTIONS.test(l.raw)) continue
      const cells = (splitColumns(l.raw) ?? []).map((c) => c.trim())
      if (cells.length < 4) continue
      const [nameCell, me, te, runs] = cells
      if (HEADER.test(nameCell) && /^me$/i.test(me) && /^te$/i.test(te) && /^runs$/i.test(runs)) {
        sink.skip(l)
        continue
      }
      if (!inRange(me, 10) || !inRange(te, 20)) continue
      const stack = STACK.exec(nameCell)
      const name = stack ? stack[2] : nameCell
      if (!BLUEPRINT_NAME.test(name)) continue
      const qty = stack ? quantity(stack[1]) : 1
      if (UNLIMITED_RUNS.has(runs)) {
        sink.items(l, [reading(name, qty)])
        continue
      }
      const left = parseAmount(runs)
      if (left === null || !Number.isInteger(left) || left < 1) continue
      sink.items(l, [{ ...reading(name, qty), blueprintCopy: true, runs: left }])
    }
  },
}
