/**
 * The hole rolling guide's mass columns and their jump plans (spec part 1, section 9), shared by the rolling guide
 * (/rolling-mass) and the wormhole type page (/wormholes/types/H296).
 */
export interface JumpPlan {
  main: string
  reduced: { roll: string; crit: string }
  notReduced: { roll: string; crit: string }
}

export interface RollingColumn {
  /** Gigagrams: 1000 Gg = 1,000,000,000 kg. */
  gg: number
  label: string
  colour: string
  plan: JumpPlan
}

/** The four mass columns and their jump plans (spec part 1, section 9), for battleships of ~200,000 t cold and ~300,000 t hot. */
export const ROLLING_COLUMNS: RollingColumn[] = [
  {
    gg: 1000,
    label: '1000Gg',
    colour: '#7fb7ff',
    plan: { main: '1 cold + 1 hot', reduced: { roll: '2 hot', crit: '2 cold' }, notReduced: { roll: '2 hot', crit: '1 cold + 1 hot' } },
  },
  {
    gg: 2000,
    label: '2000Gg',
    colour: '#8ad96a',
    plan: { main: '2 cold + 2 hot', reduced: { roll: '2 hot + 2 cold', crit: '4 cold' }, notReduced: { roll: '4 hot', crit: '2 cold + 2 hot' } },
  },
  {
    gg: 3000,
    label: '3000Gg',
    colour: '#ff9a3c',
    plan: {
      main: '5 hot',
      reduced: { roll: 'return hot + 4 hot', crit: 'return cold + 2 cold + 2 hot' },
      notReduced: { roll: 'return hot + 3 cold + 3 hot', crit: 'return cold + 2 cold + 2 hot' },
    },
  },
  {
    gg: 3300,
    label: '3300Gg',
    colour: '#ff5a5f',
    plan: {
      main: '1 cold + 5 hot',
      reduced: { roll: '2 cold + 4 hot', crit: '4 hot, then HIC once if needed' },
      notReduced: { roll: '6 hot, then HIC once if needed', crit: '1 cold + 5 hot' },
    },
  },
]

/** Kilograms in a gigagram. */
export const GG = 1_000_000

/** The column whose mass is a type's total mass (the guide's rule: exact match), or null when none is. */
export const rollingColumnFor = (totalMassKg: number | null): RollingColumn | null =>
  totalMassKg === null ? null : (ROLLING_COLUMNS.find((c) => c.gg * GG === totalMassKg) ?? null)
