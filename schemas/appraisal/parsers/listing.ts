import { classifyCell, isIgnoredValue, splitColumns, stripTrailingValues, type Cell } from '../cells.js'
import { parseAmount, toQuantity } from '../numbers.js'
import type { ChainParser, Item, Line } from './chain.js'
import { csvCells, hasWord, KILLMAIL_QTY, killmailItem, QTY, quantity, reading, X } from './shared.js'

/**
 * Everything read one line at a time, after the windows with blocks of their own: inventory, cargo, hangar, assets
 * and view-contents rows, contracts, D-scan, survey scanner, PI storage, the compare tool, ledgers and wallet rows
 * (tab or multi-space columns, by the spec's rule: the name is the first text column, the quantity the next number
 * column), loot history, industry `Name (N Units)`, and the one-line forms players type (`Name qty`, `Name x qty`,
 * `qty x Name`, `Name;qty`, `typeId N`, …). A line with no word in it is left unread.
 */

const BRACKETED = /^\[([^[\]]+)\]$/
const EMPTY_SLOT = /^\[empty [a-z ]*slot\]$/i
const LOOT_HISTORY = new RegExp(String.raw`^\d{2}:\d{2}(?::\d{2})?\s+.+?\s+has looted\s+(${QTY})\s*x\s+(.+)$`)
const INDUSTRY = /^(.+?)\s*\(([\d.,' ]+)\s+Units?\)$/i
const TYPE_ID_FORM = new RegExp(String.raw`^(?:type\s*_?id|id)\s*[:#=]?\s*(\d+)(?:\s*${X}?\s*(${QTY}))?$`, 'i')
const TWO_NUMBERS = new RegExp(String.raw`^(\d+)(?:\s*${X}\s*|\s+)(${QTY})$`)
export const NAME_X_QTY = new RegExp(String.raw`^(.+?)\s+${X}\s*(-?${QTY})$`, 'i')
/** `100 x Tritanium`, `10x Minmatar Shuttle`, and `1xMinmatar Shuttle` (but `7 Xray S` is seven Xray S). */
const QTY_X_NAME = new RegExp(String.raw`^(${QTY})(?:\s*${X}\s+|${X}(?=\p{L}))(.+)$`, 'iu')
const X_QTY_NAME = new RegExp(String.raw`^x(${QTY})\s+(.+)$`, 'i')
const CONTRACT_KIND = /\s*\((?:Item Exchange|Auction|Courier|Loan|Want To Buy)\)$/i
/** A contract title listing several items: `Procurer x 1- Ice Harvester II x 2`. */
const JOINED_ITEMS = /(?<=\s[xX]\s?\d[\d.,']*)\s*-\s*(?=\S)/

export const listingParser: ChainParser = {
  name: 'listing',
  parse(lines, sink) {
    /** The kind of each line that gave one item (survey row, bare name or other). */
    const lineKinds: Kind[] = []
    const read: Array<{ line: Line; result: Item[] | 'skip' }> = []
    for (const l of lines) {
      if (l.owner !== null || !l.text || !hasWord(l.text)) continue
      const line = l.text
      const parts = line.includes('-') ? line.split(JOINED_ITEMS) : [line]
      const pieces = parts.length > 1 && parts.every((p) => NAME_X_QTY.test(p.replace(CONTRACT_KIND, ''))) ? parts : [l.raw]
      const items: Item[] = []
      let skipped = false
      for (const piece of pieces) {
        const result = parseLine(piece)
        if (result === 'skip') {
          skipped = true
          continue
        }
        lineKinds[l.no] = pieces.length === 1 && result.length === 1 ? result[0].kind : 'other'
        for (const { kind, ...item } of result) items.push(kind === 'bare' ? { ...item, bare: true } : item)
      }
      read.push({ line: l, result: items.length || !skipped ? items : 'skip' })
    }
    // A survey scan copies each ore's group row as a bare name: its quantity is the rows below it, not 1. Only bare
    // names among survey rows are group rows (a collapsed group sits between two others); a fit or a list of names
    // pasted beside the scan keeps its items.
    for (const { line, result } of read) {
      const groupRow = lineKinds[line.no] === 'bare' && (besideSurvey(lineKinds, line.no, -1) || besideSurvey(lineKinds, line.no, 1))
      // A line of numbers or values alone that names no type id is no item, and not one the listing knows to skip.
      if (result === 'skip' && !/\p{L}/u.test(line.text)) continue
      if (result === 'skip' || groupRow || !result.length) sink.skip(line)
      else sink.items(line, result)
    }
  },
}

/** Whether the lines next to `line` (in direction `step`, over further bare names) reach a survey row. */
function besideSurvey(lineKinds: Kind[], line: number, step: 1 | -1): boolean {
  for (let j = line + step; lineKinds[j] === 'bare' || lineKinds[j] === 'survey'; j += step) if (lineKinds[j] === 'survey') return true
  return false
}

/**
 * A CSV row with quoted cells and no header (`"Tritanium",1000`, `"Hobgoblin II","5"`), read like columns; null for any
 * other line. Only quotes make a comma a column break here: `Tritanium,1000` is the `Name,qty` form.
 */
function quotedCsvCells(raw: string): string[] | null {
  if (!/^\s*"|,\s*"/.test(raw)) return null
  const cells = csvCells(raw.trim()).map((c) => c.trim())
  return cells.length >= 2 && cells.every((c) => c) ? cells : null
}

type Kind = 'survey' | 'bare' | 'other'
type KindedResult = Array<Item & { kind: Kind }> | 'skip'

const one = (item: Item, kind: Kind = 'other'): KindedResult => [{ ...item, kind }]

/** `Hobgoblin II  x5`, `5x<tab>Hobgoblin II`: an x quantity set off like a column is still one item. */
const SPACED_X_QTY = new RegExp(String.raw`(?:\t|\s{2,})(${X}${QTY})\s*$`, 'i')
const SPACED_QTY_X = new RegExp(String.raw`^(\s*${QTY}${X})(?:\t|\s{2,})`, 'i')

/** One line outside any block. */
export function parseLine(text: string): KindedResult {
  const raw = text.replace(SPACED_X_QTY, ' $1').replace(SPACED_QTY_X, '$1 ')
  if (KILLMAIL_QTY.test(raw)) return one(killmailItem(raw.trim()))
  const columns = splitColumns(raw)
  if (columns && columns.filter((c) => c.trim()).length > 1) return spacedName(raw, columns.map(classifyCell)) ?? parseColumns(columns.map(classifyCell))
  const quoted = quotedCsvCells(raw)
  if (quoted) return parseColumns(quoted.map(classifyCell))
  const line = stripTrailingValues(raw.trim().replace(CONTRACT_KIND, ''))
  if (!line) return 'skip'

  let m = LOOT_HISTORY.exec(line)
  if (m) return one(reading(m[2], quantity(m[1])))
  m = INDUSTRY.exec(line)
  if (m) return one(reading(m[1], quantity(m[2])))
  if (EMPTY_SLOT.test(line)) return 'skip'
  m = BRACKETED.exec(line)
  if (m) return one(reading(m[1].split(',')[0], 1))

  const whole = parseAmount(line)
  if (whole !== null) return Number.isInteger(whole) && whole > 0 ? one({ name: line, typeId: whole, qty: 1 }) : 'skip'
  m = TYPE_ID_FORM.exec(line) ?? TWO_NUMBERS.exec(line)
  if (m) return one({ name: m[1], typeId: Number(m[1]), qty: m[2] ? quantity(m[2]) : 1 })

  const readings = nameAndQuantityReadings(line)
  if (!readings.length) return one(reading(line, 1), 'bare')
  const [main, ...others] = readings
  const alternatives = [...(main.alternatives ?? []), ...others.flatMap(({ alternatives: more = [], blueprintCopy: _copy, ...r }) => [r, ...more])]
  return one(withWholeLine({ ...main, alternatives }, line))
}

/** `Tritanium x`, `x Tritanium`: a split that left the x of an x-quantity form on the name. */
const LONE_X = new RegExp(String.raw`^${X}\s|\s${X}$`, 'i')

/**
 * Every way the line splits into a name and a quantity, most likely first. Later ones are alternatives, tried when
 * the first names no type: some type names look like a line form themselves ('X5 Enduring Stasis Webifier 2' is not
 * 5 × 'Enduring Stasis Webifier 2'; '5 x Strange Matter Component X-13' is not '5 x Strange Matter Component' × -13).
 */
function nameAndQuantityReadings(line: string): Array<Item> {
  const readings: Array<Item> = []
  let m = NAME_X_QTY.exec(line)
  if (m) readings.push(reading(m[1], quantity(m[2])))
  m = QTY_X_NAME.exec(line) ?? X_QTY_NAME.exec(line)
  if (m) readings.push(reading(m[2], quantity(m[1])))
  const separated = separatedForm(line)
  if (separated) readings.push(separated)

  const tokens = line.split(/\s+/)
  const lead = leadingQuantity(tokens)
  if (lead) {
    readings.push(reading(tokens.slice(lead.count).join(' '), lead.qty))
    // `5 100 Aurum Token`: the quantity, then a name starting with a number, reads like one grouped number.
    if (lead.count > 1) readings.push(reading(tokens.slice(1).join(' '), quantity(tokens[0])))
  }
  const trail = trailingQuantity(tokens)
  if (trail) {
    readings.push(reading(tokens.slice(0, tokens.length - trail.count).join(' '), trail.qty))
    // `Navy Cap Booster 400 100`: a name ending in a number, then the quantity, reads like one grouped number.
    if (trail.count > 1) readings.push(reading(tokens.slice(0, -1).join(' '), quantity(tokens[tokens.length - 1])))
  }
  const seen = new Set<string>()
  return readings.filter((r, i) => {
    const key = `${r.qty}:${r.name}`
    if (seen.has(key) || (i > 0 && LONE_X.test(r.name))) return false
    seen.add(key)
    return true
  })
}

/**
 * `Name;qty`, `Name|qty`, `Name,qty`, `Name - qty`, `Name: qty`: split where what follows is a number. A colon needs
 * a space after it: type names such as 'Jovian Symbolic Navigator 14:16:13:22' hold colons between digits.
 */
function separatedForm(line: string): Item | null {
  const separators = /\s*[;|]\s*|\s*,\s*|\s+-\s*|\s*:\s+/g
  for (let m = separators.exec(line); m; m = separators.exec(line)) {
    const name = line.slice(0, m.index).trim()
    const rest = line.slice(m.index + m[0].length).trim()
    const qty = parseAmount(rest)
    // `Tritanium 1,000`, `Tritanium 1 234,50`: a comma between digits is part of the number (a thousands or a
    // decimal mark), not a separator.
    const digitGroup = m[0] === ',' && /\d$/.test(name) && /^\d/.test(rest)
    if (name && qty !== null && !digitGroup && /\p{L}/u.test(name)) return reading(name, toQuantity(qty))
  }
  return null
}

/**
 * A few type names hold two spaces ('Federation Navy Remote Tracking Computer  Blueprint', '… Spirit  SKIN'). Two
 * columns set off by spaces alone, neither a number, may be one such name: the line read with single spaces comes
 * first, the columns' reading after it (the resolver folds runs of spaces). Wider rows (the compare tool's) are columns.
 */
function spacedName(raw: string, cells: Cell[]): KindedResult | null {
  const filled = cells.filter((c) => c.kind !== 'empty')
  if (raw.includes('\t') || filled.length !== 2 || filled.some((c) => c.kind !== 'text')) return null
  const single = parseLine(raw.trim().replace(/ {2,}/g, ' '))
  const columns = parseColumns(cells)
  if (single === 'skip' || columns === 'skip' || single.length !== 1 || columns.length !== 1) return null
  const { kind: _kind, alternatives = [], ...main } = single[0]
  const { kind, alternatives: more = [], blueprintCopy, ...byColumns } = columns[0]
  return [{ ...main, ...(blueprintCopy ? { blueprintCopy } : {}), alternatives: [...alternatives, byColumns, ...more], kind }]
}

/** The last group of a space-grouped number, with the decimals European clients print: `1 234 567,50`. */
const LAST_GROUP = /^\d{3}(?:[.,]\d+)?$/

/** `1865 Compressed Glossy Scordite`, `10 102 Zydrine`, `12'000 Tengu`: a number then a name. */
function leadingQuantity(tokens: string[]): { qty: number; count: number } | null {
  if (tokens.length < 2 || parseAmount(tokens[0]) === null) return null
  let count = 1
  while (count < tokens.length - 1 && /^\d{1,3}$/.test(tokens[count - 1]) && LAST_GROUP.test(tokens[count])) count++
  const rest = tokens.slice(count).join(' ')
  if (!/\p{L}/u.test(rest)) return null
  return { qty: quantity(tokens.slice(0, count).join(' ')), count }
}

/** `Tritanium 100000`, `Tritanium 1 000`, `Heavy Assault Missile Launcher II 10`: a name then a number. */
function trailingQuantity(tokens: string[]): { qty: number; count: number } | null {
  if (tokens.length < 2 || parseAmount(tokens[tokens.length - 1]) === null) return null
  let count = 1
  while (
    count < tokens.length - 1 &&
    (count === 1 ? LAST_GROUP : /^\d{3}$/).test(tokens[tokens.length - count]) &&
    /^\d{1,3}$/.test(tokens[tokens.length - count - 1])
  )
    count++
  const name = tokens.slice(0, tokens.length - count).join(' ')
  if (!/\p{L}/u.test(name)) return null
  return { qty: quantity(tokens.slice(tokens.length - count).join(' ')), count }
}

/** Some type names end or start with a number ('100 Aurum Token'): the whole line is tried as a name too. */
function withWholeLine(item: Item, line: string): Item {
  return { ...item, alternatives: [...(item.alternatives ?? []), { name: line, qty: 1 }] }
}

/** Tab or multi-space columns. */
function parseColumns(cells: Cell[]): KindedResult {
  const texts = cells.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === 'text')
  const first = cells.find((c) => c.kind !== 'empty')
  if (first && /^total:?$/i.test(first.text)) return 'skip'
  // A contract's details cell starts 'BLUEPRINT COPY - Runs: …'; a rig named '… Blueprint Copy Accelerator' is no copy.
  const copy = cells.some((c) => /^blueprint copy\b|^copy$/i.test(c.text))

  // D-scan: `typeID <tab> name <tab> type <tab> distance` (older clients: no type id).
  const last = cells[cells.length - 1]
  if (
    last.kind === 'distance' &&
    last.text !== '' &&
    cells.length === 4 &&
    cells[0].kind === 'number' &&
    Number.isInteger(cells[0].value) &&
    cells[2].kind === 'text'
  ) {
    return one({ name: cells[2].text, typeId: cells[0].value!, qty: 1 })
  }
  if (last.kind === 'distance' && cells.length === 3 && cells[1].kind === 'text' && cells[0].kind !== 'number') {
    const objectName = cells[0].text
    return one({ ...reading(cells[1].text, 1), ...(/\p{L}/u.test(objectName) ? { alternatives: [{ name: objectName, qty: 1 }] } : {}) })
  }
  // PI storage: an icon column, the name, the quantity, its volume.
  if (cells.length === 4 && cells[0].kind === 'empty' && cells[1].kind === 'text' && cells[2].kind === 'number' && cells[3].kind === 'number') {
    return one(reading(cells[1].text, toQuantity(cells[2].value)))
  }

  if (!texts.length) {
    const numbers = cells.filter((c) => c.kind === 'number')
    if (numbers.length && Number.isInteger(numbers[0].value) && numbers[0].value! > 0) {
      return one({ name: numbers[0].text, typeId: numbers[0].value!, qty: toQuantity(numbers[1]?.value) })
    }
    return 'skip'
  }

  // Ledgers and wallet exports start with a date; the item is one of the later text columns.
  if (cells[0].kind === 'date') {
    const [main, ...rest] = texts.map(({ i }) => reading(cells[i].text, quantityAfter(cells, i)))
    return one({ ...main, ...(rest.length ? { alternatives: [...(main.alternatives ?? []), ...rest] } : {}), ...(copy ? { blueprintCopy: true } : {}) })
  }

  const { c: nameCell, i: nameAt } = texts[0]
  // A listing with the quantity first: `450 <tab> 125mm Railgun I`.
  const before = cells.slice(0, nameAt).filter((c) => c.kind !== 'empty')
  const qty = before.length === 1 && before[0].kind === 'number' ? toQuantity(before[0].value) : quantityAfter(cells, nameAt)
  const survey = last.kind === 'distance' && cells[nameAt + 1]?.kind === 'number'
  const item = reading(nameCell.text, qty)
  return one(copy ? { ...item, blueprintCopy: true } : item, survey ? 'survey' : 'other')
}

/**
 * The quantity of the name in column `at`: the next column when it is a number (blank means a single assembled
 * item), skipping ISK, volume and distance columns; otherwise the last number column (the spec's rule).
 */
function quantityAfter(cells: Cell[], at: number): number {
  for (let j = at + 1; j < cells.length; j++) {
    const c = cells[j]
    if (c.kind === 'empty') return 1
    if (c.kind === 'number') return toQuantity(c.value)
    if (isIgnoredValue(c)) continue
    break
  }
  for (let j = cells.length - 1; j > at; j--) if (cells[j].kind === 'number') return toQuantity(cells[j].value)
  return 1
}
