import { describe, expect, it } from 'vitest'
import { IMPLANT_BONUSES, refineRatePercentOf, refineYield, RIG_BONUSES, SECURITY_BONUSES, STRUCTURE_BONUSES } from './ore-planner-constants'

describe('refineRatePercentOf', () => {
  it('never gives the refine rate box more than the calculator’s yield, and at most 0.001 points less', () => {
    expect(refineRatePercentOf(0.73401625)).toBe(73.401)
    expect(refineRatePercentOf(0.867)).toBe(86.7)
    expect(refineRatePercentOf(1)).toBe(100)
    const levels = [0, 1, 2, 3, 4, 5]
    for (const rig of RIG_BONUSES)
      for (const implant of IMPLANT_BONUSES)
        for (const security of SECURITY_BONUSES)
          for (const structure of STRUCTURE_BONUSES)
            for (const level of levels) {
              const y = refineYield({
                rig: rig.value,
                implant: implant.value,
                security: security.value,
                structure: structure.value,
                reprocessing: level,
                efficiency: 5 - level,
                specialized: level,
              })
              // what the plan then uses: the typed percent as a fraction, in millionths (api/tools/ore-planner/plan.ts)
              const micro = Math.round((refineRatePercentOf(y) / 100) * 1e6)
              expect(micro).toBeLessThanOrEqual(y * 1e6 + 1e-6)
              expect(micro).toBeGreaterThan(y * 1e6 - 10)
            }
  })
})
