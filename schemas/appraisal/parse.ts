import { classifyCell, isIgnoredValue, splitColumns, stripTrailingValues, type Cell } from './cells.js'
import { parseAmount, toQuantity } from './numbers.js'

/**
 * Turns whatever a player copies out of the game into item lines. Pure and dependency-free: the appraisal page
 * (badge count, client-side appraise) and the server (`POST /api/appraise`, saved snapshots) run the same code.
 *
 * Forms (docs/tools/appraisals.md lists them with examples): one item per line as `Name qty`, `Name x qty`,
 * `qty x Name`, `qty Name`, `xqty`, `Name;qty` `Name,qty` `Name|qty` `Name - qty`, `typeId N [x qty]`, a bare type
 * id, `[Name, ...]`; tab or multi-space columns (inventory, assets, contracts, view contents, survey scanner, PI,
 * D-scan, market and wallet exports, ledgers; a header row names the columns when there is one); EFT and in-game
 * fitting exports; killmail text; loot history; industry `Name (N Units)`.
 */

/** One reading of a line: a name or a type id, and the quantity that goes with it. */
export interface Reading {
  name: string
  typeId?: number
  qty: number
}

export interface ParsedItem extends Reading {
  /** 0-based line of the paste. */
  line: number
  /** Further readings to try, in order, when the main one names no type (a renamed ship, a ledger's other columns). */
  alternatives?: Reading[]
  /** A blueprint copy: it has no market, so it is never priced like the original. */
  blueprintCopy?: boolean
}

export interface ParseResult {
  items: ParsedItem[]
  /** Non-empty lines that carry no item (section headers, empty slots, killmail headers, column headers). */
  skippedLines: number
}

type LineResult = Omit<ParsedItem, 'line'>[] | 'skip'

/** Zero-width characters, and dashes other than '-', in any Unicode form. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g
/** Spaces other than U+0020 and tab (NFKC already folds most of them). */
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g

/** Swiss and some other locales group digits with a typographic apostrophe: `1’000`. */
const DIGIT_GROUP_QUOTE = /(?<=\d)[\u2018\u2019](?=\d{3}(?!\d))/g

/** Normalise the whole paste once: compatibility forms (m³ → m3, full-width digits), no-break spaces, dashes. */
export function normalisePaste(text: string): string {
  return text.normalize('NFKC').replace(ZERO_WIDTH, '').replace(ODD_SPACES, ' ').replace(DASHES, '-').replace(DIGIT_GROUP_QUOTE, "'")
}

/** A quantity token: digits with `,` `.` `'` or space grouping. */
const QTY = String.raw`\d[\d.,']*(?: \d{3})*`
const X = String.raw`[x×*]`

const KILLMAIL_DATE = /^\d{4}[./-]\d{2}[./-]\d{2} \d{2}:\d{2}(?::\d{2})?$/
/** The first line after a killmail's date: `Victim: …` for a ship, `Corp: …` for a structure or control tower. */
const KILLMAIL_START = /^(?:Victim|Corp): /
/** A line of a killmail's header or involved parties: `Victim: …`, `Damage Taken: …`, `Ship: …`, an empty `Alliance:`. */
const KILLMAIL_FIELD = /^\p{L}[\p{L} ]*:(?: |$)/u
const KILLMAIL_ITEM = /^(.+?)(?:, Qty: ([\d.,' ]+))?(?: \(([^()]+)\))?$/
/** A killmail's item line pasted on its own, without the killmail around it. */
const KILLMAIL_QTY = /^[^\t]+?, Qty: [\d.,' ]+(?: \([^()]+\))?$/
const EFT_HEADER = /^\[([^[\],]+),(.*)\]$/
const BRACKETED = /^\[([^[\]]+)\]$/
const EMPTY_SLOT = /^\[empty [a-z ]*slot\]$/i
const LOOT_HISTORY = new RegExp(String.raw`^\d{2}:\d{2}(?::\d{2})?\s+.+?\s+has looted\s+(${QTY})\s*x\s+(.+)$`)
const INDUSTRY = /^(.+?)\s*\(([\d.,' ]+)\s+Units?\)$/i
const TYPE_ID_FORM = new RegExp(String.raw`^(?:type\s*_?id|id)\s*[:#=]?\s*(\d+)(?:\s*${X}?\s*(${QTY}))?$`, 'i')
const TWO_NUMBERS = new RegExp(String.raw`^(\d+)(?:\s*${X}\s*|\s+)(${QTY})$`)
const NAME_X_QTY = new RegExp(String.raw`^(.+?)\s+${X}\s*(-?${QTY})$`, 'i')
/** `100 x Tritanium`, `10x Minmatar Shuttle`, and `1xMinmatar Shuttle` (but `7 Xray S` is seven Xray S). */
const QTY_X_NAME = new RegExp(String.raw`^(${QTY})(?:\s*${X}\s+|${X}(?=\p{L}))(.+)$`, 'iu')
const X_QTY_NAME = new RegExp(String.raw`^x(${QTY})\s+(.+)$`, 'i')
const CONTRACT_KIND = /\s*\((?:Item Exchange|Auction|Courier|Loan|Want To Buy)\)$/i
/** A contract title listing several items: `Procurer x 1- Ice Harvester II x 2`. */
const JOINED_ITEMS = /(?<=\s[xX]\s?\d[\d.,']*)\s*-\s*(?=\S)/

/** Section headers of the in-game fitting and cargo exports; never item names. */
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

/** Column headers that name the item, its type id, or its quantity. */
const NAME_HEADERS = new Set(['name', 'type', 'item', 'item name', 'type name', 'typename', 'item type', 'ore type', 'ship', 'ship type', 'product'])
const ID_HEADERS = new Set(['typeid', 'type id', 'type_id', 'ore typeid', 'item id', 'itemtypeid'])
const QTY_HEADERS = new Set(['quantity', 'qty', 'count', 'amount', 'units', 'volremaining', 'vol remaining', 'volume remaining', 'remaining', 'number'])
const QTY_HEADER_WORD = /quantity|qty|count|amount|units|remaining|number/i

interface Table {
  separator: 'columns' | 'comma'
  name: number
  id: number
  qty: number
}

type Mode = { kind: 'lines' } | { kind: 'eft' } | { kind: 'killmail'; section: 'header' | 'involved' | 'items' } | { kind: 'table'; table: Table }

export function parseAppraisalText(text: string): ParseResult {
  const lines = normalisePaste(text).split(/\r\n|\r|\n/)
  const items: ParsedItem[] = []
  let skippedLines = 0
  let mode: Mode = { kind: 'lines' }
  let fittingExport = false
  /** The kind of each line that gave one item outside any block (survey row, bare name or other). */
  const lineKinds: Kind[] = []

  const emit = (lineNo: number, result: LineResult) => {
    if (result === 'skip') skippedLines++
    else for (const item of result) items.push({ line: lineNo, ...item })
  }

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]
    const line = raw.trim()
    if (!line) {
      if (mode.kind === 'table') mode = { kind: 'lines' }
      continue
    }

    if (KILLMAIL_DATE.test(line) && KILLMAIL_START.test(nextNonEmpty(lines, i) ?? '')) {
      mode = { kind: 'killmail', section: 'header' }
      skippedLines++
      continue
    }
    // A killmail's lines never hold a tab or a fitting header, and its header and involved parties are all
    // `Key: value`: any other line is a second paste after the killmail (one with no items ends at its attackers).
    if (
      mode.kind === 'killmail' &&
      (raw.includes('\t') || EFT_HEADER.test(line) || (mode.section !== 'items' && !KILLMAIL_FIELD.test(line) && !killmailSection(line)))
    ) {
      mode = { kind: 'lines' }
    }
    if (mode.kind === 'killmail') {
      const section = killmailSection(line)
      if (section) {
        mode = { kind: 'killmail', section }
        skippedLines++
        continue
      }
      if (mode.section === 'items') emit(i, [killmailItemOrLine(line)])
      else if (mode.section === 'header' && line.startsWith('Destroyed: ')) emit(i, [reading(line.slice('Destroyed: '.length), 1)])
      else skippedLines++
      continue
    }

    const eft = EFT_HEADER.exec(line)
    if (eft) {
      mode = { kind: 'eft' }
      emit(i, [reading(eft[1], 1)])
      continue
    }

    const lower = line.replace(/:$/, '').toLowerCase()
    if (FITTING_MARKERS.has(lower)) fittingExport = true
    // Every type name holds a letter or a digit: a line of symbols alone ('----', '???', '→') is a divider or noise.
    if (SECTION_HEADERS.has(lower) || (fittingExport && FITTING_ONLY_HEADERS.has(lower)) || EMPTY_SLOT.test(line) || !/[\p{L}\p{N}]/u.test(line)) {
      skippedLines++
      continue
    }

    if (mode.kind === 'eft') {
      const fitted = eftModuleAndCharge(line)
      if (fitted) {
        emit(i, fitted)
        continue
      }
    }

    const header = tableHeader(raw)
    if (header) {
      mode = { kind: 'table', table: header }
      skippedLines++
      continue
    }
    if (mode.kind === 'table') {
      emit(i, tableRow(raw, mode.table))
      continue
    }

    const parts = line.includes('-') ? line.split(JOINED_ITEMS) : [line]
    const pieces = parts.length > 1 && parts.every((p) => NAME_X_QTY.test(p.replace(CONTRACT_KIND, ''))) ? parts : [raw]
    for (const piece of pieces) {
      const result = parseLine(piece)
      if (result !== 'skip') lineKinds[i] = pieces.length === 1 && result.length === 1 ? result[0].kind : 'other'
      emit(i, result === 'skip' ? 'skip' : result.map(({ kind: _kind, ...item }) => item))
    }
  }

  // A survey scan copies each ore's group row as a bare name: its quantity is the rows below it, not 1. Only bare
  // names among survey rows are group rows (a collapsed group sits between two others); a fit or a list of names
  // pasted beside the scan keeps its items.
  const groupRows = new Set(
    items
      .filter((item) => lineKinds[item.line] === 'bare' && (besideSurvey(lineKinds, item.line, -1) || besideSurvey(lineKinds, item.line, 1)))
      .map((item) => item.line),
  )
  if (groupRows.size) {
    const kept = items.filter((item) => !groupRows.has(item.line))
    return { items: kept, skippedLines: skippedLines + (items.length - kept.length) }
  }
  return { items, skippedLines }
}

/** Whether the lines next to `line` (in direction `step`, over further bare names) reach a survey row. */
function besideSurvey(lineKinds: Kind[], line: number, step: 1 | -1): boolean {
  for (let j = line + step; lineKinds[j] === 'bare' || lineKinds[j] === 'survey'; j += step) if (lineKinds[j] === 'survey') return true
  return false
}

function nextNonEmpty(lines: string[], from: number): string | undefined {
  for (let j = from + 1; j < lines.length; j++) if (lines[j].trim()) return lines[j].trim()
  return undefined
}

function killmailSection(line: string): 'involved' | 'items' | null {
  if (line === 'Involved parties:') return 'involved'
  if (line === 'Destroyed items:' || line === 'Dropped items:') return 'items'
  return null
}

/** `Warrior II, Qty: 5 (Drone Bay)`: where it was is dropped; a name with its own brackets is tried whole too. */
function killmailItem(line: string): Omit<ParsedItem, 'line'> {
  const m = KILLMAIL_ITEM.exec(line)!
  const qty = toQuantity(m[2] ? parseAmount(m[2]) : 1)
  const item = reading(m[1], qty)
  if (m[3]) {
    if (/^copy$/i.test(m[3])) return { ...item, blueprintCopy: true }
    item.alternatives = [...(item.alternatives ?? []), { name: cleanName(`${m[1]} (${m[3]})`).name, qty }]
  }
  return item
}

/**
 * An item line of a killmail's item sections; when the line names no type as a whole, also its ordinary reading, for
 * a list pasted after the killmail (`Tritanium 100`, `5 x Hobgoblin II`), which no killmail line can end.
 */
function killmailItemOrLine(line: string): Omit<ParsedItem, 'line'> {
  const item = killmailItem(line)
  if (KILLMAIL_QTY.test(line)) return item
  const plain = parseLine(line)
  if (plain === 'skip' || plain.length !== 1) return item
  const { kind: _kind, alternatives = [], ...main } = plain[0]
  const others = [main, ...alternatives].filter((r) => r.name !== item.name || r.qty !== item.qty)
  return others.length ? { ...item, alternatives: [...(item.alternatives ?? []), ...others] } : item
}

/**
 * `Heavy Missile Launcher II, Scourge Heavy Missile` (a loaded charge counts one) and `Module /OFFLINE`; some exports
 * leave out the space after the comma.
 */
function eftModuleAndCharge(line: string): LineResult | null {
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

function tableHeader(raw: string): Table | null {
  // Most lines are items: a header must name a quantity column, so skip the cell work when no such word is there.
  if (!QTY_HEADER_WORD.test(raw)) return null
  const columns = splitColumns(raw)
  const separator = columns ? 'columns' : csvCells(raw).length >= 2 ? 'comma' : null
  if (!separator) return null
  const cells = (columns ?? csvCells(raw)).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase())
  const name = cells.findIndex((c) => NAME_HEADERS.has(c))
  const id = cells.findIndex((c) => ID_HEADERS.has(c))
  const qty = cells.findIndex((c) => QTY_HEADERS.has(c))
  if (qty < 0 || (name < 0 && id < 0)) return null
  return { separator, name, id, qty }
}

function tableRow(raw: string, table: Table): LineResult {
  const cells = (table.separator === 'columns' ? (splitColumns(raw) ?? [raw]) : csvCells(raw)).map((c) => c.trim().replace(/^"|"$/g, ''))
  const qtyCell = classifyCell(cells[table.qty] ?? '')
  const qty = toQuantity(qtyCell.kind === 'number' ? qtyCell.value : null)
  const id = table.id >= 0 ? Number(cells[table.id]) : Number.NaN
  const name = table.name >= 0 ? (cells[table.name] ?? '') : ''
  if (Number.isInteger(id) && id > 0) return [{ ...reading(name || String(id), qty), typeId: id }]
  if (/^total:?$/i.test(name)) return 'skip'
  return name ? [reading(name, qty)] : 'skip'
}

/** Comma-separated cells, where a quoted cell may hold commas: a spreadsheet writes a formatted `1,000` as `"1,000"`. */
function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let k = 0; k < line.length; k++) {
    const ch = line[k]
    if (ch === '"' && quoted && line[k + 1] === '"') {
      cell += '"'
      k++
    } else if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells
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
type KindedResult = Array<Omit<ParsedItem, 'line'> & { kind: Kind }> | 'skip'

const one = (item: Omit<ParsedItem, 'line'>, kind: Kind = 'other'): KindedResult => [{ ...item, kind }]

/** `Hobgoblin II  x5`, `5x<tab>Hobgoblin II`: an x quantity set off like a column is still one item. */
const SPACED_X_QTY = new RegExp(String.raw`(?:\t|\s{2,})(${X}${QTY})\s*$`, 'i')
const SPACED_QTY_X = new RegExp(String.raw`^(\s*${QTY}${X})(?:\t|\s{2,})`, 'i')

/** One line outside any block. */
function parseLine(text: string): KindedResult {
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
function nameAndQuantityReadings(line: string): Array<Omit<ParsedItem, 'line'>> {
  const readings: Array<Omit<ParsedItem, 'line'>> = []
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
function separatedForm(line: string): Omit<ParsedItem, 'line'> | null {
  const separators = /\s*[;|]\s*|\s*,\s*|\s+-\s*|\s*:\s+/g
  for (let m = separators.exec(line); m; m = separators.exec(line)) {
    const name = line.slice(0, m.index).trim()
    const rest = line.slice(m.index + m[0].length).trim()
    const qty = parseAmount(rest)
    // `Tritanium 1,000`: a comma between digit groups is part of the number, not a separator.
    const digitGroup = m[0] === ',' && /\d$/.test(name) && /^\d{3}(?:\D|$)/.test(rest)
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

/** `1865 Compressed Glossy Scordite`, `10 102 Zydrine`, `12'000 Tengu`: a number then a name. */
function leadingQuantity(tokens: string[]): { qty: number; count: number } | null {
  if (tokens.length < 2 || parseAmount(tokens[0]) === null) return null
  let count = 1
  while (count < tokens.length - 1 && /^\d{1,3}$/.test(tokens[count - 1]) && /^\d{3}$/.test(tokens[count])) count++
  const rest = tokens.slice(count).join(' ')
  if (!/\p{L}/u.test(rest)) return null
  return { qty: quantity(tokens.slice(0, count).join(' ')), count }
}

/** `Tritanium 100000`, `Tritanium 1 000`, `Heavy Assault Missile Launcher II 10`: a name then a number. */
function trailingQuantity(tokens: string[]): { qty: number; count: number } | null {
  if (tokens.length < 2 || parseAmount(tokens[tokens.length - 1]) === null) return null
  let count = 1
  while (count < tokens.length - 1 && /^\d{3}$/.test(tokens[tokens.length - count]) && /^\d{1,3}$/.test(tokens[tokens.length - count - 1])) count++
  const name = tokens.slice(0, tokens.length - count).join(' ')
  if (!/\p{L}/u.test(name)) return null
  return { qty: quantity(tokens.slice(tokens.length - count).join(' ')), count }
}

/** Some type names end or start with a number ('100 Aurum Token'): the whole line is tried as a name too. */
function withWholeLine(item: Omit<ParsedItem, 'line'>, line: string): Omit<ParsedItem, 'line'> {
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

const quantity = (text: string) => toQuantity(parseAmount(text))

/** A reading with the name cleaned; blueprint markers and a renamed ship's type become flags and alternatives. */
function reading(rawName: string, qty: number): Omit<ParsedItem, 'line'> {
  const { name, blueprintCopy } = cleanName(rawName)
  const item: Omit<ParsedItem, 'line'> = { name, qty }
  if (blueprintCopy) item.blueprintCopy = true
  // "Doc Harrel's Minmatar Shuttle": a ship its pilot renamed is still a Minmatar Shuttle.
  const possessive = /^.+?'s (.+)$/.exec(name)
  if (possessive) item.alternatives = [{ name: possessive[1], qty }]
  return item
}

function cleanName(raw: string): { name: string; blueprintCopy: boolean } {
  let name = raw
    .trim()
    // A list's bullet or number, and a chat quote's '>' (no type name starts with either).
    .replace(/^(?:[-*•]|\d+[.)])\s+|^>+\s*/, '')
    // A name in double quotes (no type name starts with one; some start with a single quote, as 'Basic' Gyrostabilizer).
    .replace(/^"(.+)"$/, '$1')
    .replace(/\s*\/\s*offline$/i, '')
    .replace(/\*+$/, '')
    .trim()
  let blueprintCopy = false
  const marker = /\s*\((copy|original|bpc|bpo)\)$/i.exec(name)
  if (marker) {
    blueprintCopy = /copy|bpc/i.test(marker[1])
    name = name.slice(0, marker.index).trim()
  }
  return { name, blueprintCopy }
}
