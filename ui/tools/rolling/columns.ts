import type { WormholeTypeInfo } from '../../../schemas/wormholes'

import { ROLLING_COLUMNS, GG } from '../../lib/rolling-plans'

export { ROLLING_COLUMNS, GG, type JumpPlan, type RollingColumn } from '../../lib/rolling-plans'

/**
 * The codes the spec lists per column. Only the set of codes is taken from here: each code's column comes from
 * its total mass in the wormhole type data, and where the two disagree the data wins (docs/tools/wormhole-refs.md).
 */
export const SPEC_CODES: Record<number, string[]> = {
  1000: ['D364', 'O128', 'M267', 'X702'],
  2000: ['A239', 'B449', 'E175', 'I182', 'N968', 'X877', 'A641', 'C247', 'E545', 'L477', 'Q877', 'Y683', 'B274', 'D382', 'N766', 'T405', 'Z457'],
  3000: [
    'A982',
    'M555',
    'N770',
    'R474',
    'U319',
    'A641',
    'H900',
    'N062',
    'N944',
    'S199',
    'U574',
    'B274',
    'K346',
    'N432',
    'R051',
    'U210',
    'V283',
    'S047',
    'N290',
    'K329',
  ],
  3300: ['B520', 'C248', 'D792', 'W237', 'C140', 'C391', 'H296', 'Z142', 'V911'],
}

export interface ColumnAssignment {
  columns: Map<number, WormholeTypeInfo[]>
  /** Spec codes the wormhole type data does not have. */
  notInData: string[]
  /** Spec codes whose total mass is none of the four columns. */
  otherMass: WormholeTypeInfo[]
  /** Spec codes the data puts in another column than the spec's list (or in only one of two). */
  moved: Array<{ code: string; specColumns: number[]; dataColumn: number | null }>
}

/** Place each listed code in the column of its total mass from the type data (community value). */
export function assignColumns(types: readonly WormholeTypeInfo[]): ColumnAssignment {
  const byCode = new Map(types.map((t) => [t.code, t]))
  const specColumnsOf = new Map<string, number[]>()
  for (const [gg, codes] of Object.entries(SPEC_CODES)) for (const code of codes) specColumnsOf.set(code, [...(specColumnsOf.get(code) ?? []), Number(gg)])

  const result: ColumnAssignment = { columns: new Map(ROLLING_COLUMNS.map((c) => [c.gg, []])), notInData: [], otherMass: [], moved: [] }
  for (const [code, specColumns] of specColumnsOf) {
    const type = byCode.get(code)
    if (!type || type.total_mass === null) {
      result.notInData.push(code)
      continue
    }
    const column = ROLLING_COLUMNS.find((c) => c.gg * GG === type.total_mass)
    if (column) result.columns.get(column.gg)!.push(type)
    else result.otherMass.push(type)
    const dataColumn = column?.gg ?? null
    if (specColumns.length !== 1 || specColumns[0] !== dataColumn) result.moved.push({ code, specColumns, dataColumn })
  }
  for (const list of result.columns.values()) list.sort((a, b) => a.code.localeCompare(b.code))
  return result
}
