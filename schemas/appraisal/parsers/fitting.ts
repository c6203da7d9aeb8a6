import { parseAmount } from '../numbers.js'
import { splitColumns } from '../cells.js'
import type { ChainParser, Item } from './chain.js'
import { tableHeader } from './header-table.js'
import { NAME_X_QTY } from './listing.js'
import { EFT_HEADER, KILLMAIL_QTY, reading } from './shared.js'

/**
 * Fittings: the EFT export (`[Ship, Name]`, then one module per line, `Module, Charge` for a loaded charge, empty
 * slots, drones and cargo as `Name xN`) and the in-game fitting window's export with its section titles ("High
 * power", "Charges", …). Takes the ship line, the module lines with a loaded charge, the section titles and the empty
 * slots; plain `Name xN` lines go on to the listing parser. A fit ends where a killmail or a column header begins.
 */

/** Section titles of the in-game fitting and cargo exports; never item names. */
const SECTION_HEADERS = new Set([
  'high power',
  'medium power',
  'low power',
  'rig slot',
  'rig slots',
  'sub system',
  'subsystem',
  'subsystems',
  'charges',
  'fuel',
  'cargo',
  'cargo hold',
  'drone bay',
  'fighter bay',
  'implants',
  'boosters',
  'high slots',
  'mid slots',
  'medium slots',
  'low slots',
  'service slots',
  'ore hold',
  'fuel bay',
  'fleet hangar',
  'ship hangar',
  'modules',
])
/** Also type names (the Drones and Fighters skills): headers only inside a fitting export. */
const FITTING_ONLY_HEADERS = new Set(['drones', 'fighters'])
const FITTING_MARKERS = new Set(['high power', 'medium power', 'low power'])
export const EMPTY_SLOT = /^\[empty [a-z ]*slot\]$/i

/**
 * `Heavy Missile Launcher II, Scourge Heavy Missile` (a loaded charge counts one) and `Module /OFFLINE`; some exports
 * leave out the space after the comma.
 */
function eftModuleAndCharge(line: string): Item[] | null {
  const comma = line.indexOf(',')
  // A fit's lines hold no columns and no killmail quantity: such a line is another paste after the fit.
  if (comma < 0 || splitColumns(line) || KILLMAIL_QTY.test(line)) return null
  const module = line.slice(0, comma)
  const charge = line.slice(comma + 1).trim()
  // `Tritanium 1,000`: a comma between digit groups is part of a number (no charge name starts with a digit). A
  // loaded charge has no `xN` count: `Exotic Dancers, Male x50` is cargo whose type name holds a comma.
  if (!charge || parseAmount(charge) !== null || /^\d/.test(charge) || NAME_X_QTY.test(charge)) return null
  return [reading(module, 1), reading(charge, 1)]
}

export const fittingParser: ChainParser = {
  name: 'fitting',
  parse(lines, sink) {
    let eft = false
    let fittingExport = false
    for (const l of lines) {
      if (l.owner === 'killmail') eft = false
      if (l.owner !== null || !l.text) continue
      const line = l.text
      const header = EFT_HEADER.exec(line)
      if (header) {
        eft = true
        sink.items(l, [reading(header[1], 1)])
        continue
      }
      const lower = line.replace(/:$/, '').toLowerCase()
      if (FITTING_MARKERS.has(lower)) fittingExport = true
      if (SECTION_HEADERS.has(lower) || (fittingExport && FITTING_ONLY_HEADERS.has(lower)) || EMPTY_SLOT.test(line)) {
        sink.skip(l)
        continue
      }
      if (!eft) continue
      const fitted = eftModuleAndCharge(line)
      if (fitted) sink.items(l, fitted)
      else if (tableHeader(l.raw)) eft = false
    }
  },
}
