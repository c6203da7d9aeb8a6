import { describe, expect, it } from 'vitest'
import { BuildCostQuery } from './industry.js'

const parse = (q: Record<string, string>) => BuildCostQuery.safeParse({ blueprint: '691', ...q })

describe('BuildCostQuery: the optional numbers (job cost index override, facility tax)', () => {
  it('treats an empty or blank value as not given, not as 0', () => {
    for (const blank of ['', ' ', '  \t']) {
      const r = parse({ jobCostOverride: blank, facilityTax: blank })
      expect(r.success).toBe(true)
      // Number(' ') is 0: a blank override became a cost index of 0, and the system's own index was ignored
      expect(r.data?.jobCostOverride).toBeUndefined()
      expect(r.data?.facilityTax).toBeUndefined()
    }
  })

  it('reads decimals and refuses what is not a decimal number', () => {
    expect(parse({ jobCostOverride: ' 0.0512 ', facilityTax: '1.5' }).data).toMatchObject({ jobCostOverride: 0.0512, facilityTax: 1.5 })
    expect(parse({ jobCostOverride: '5e-2' }).data?.jobCostOverride).toBe(0.05)
    // Number('0x10') is 16: a hexadecimal facility tax passed as 16%
    for (const bad of ['0x10', 'abc', '1,5', 'Infinity']) {
      const r = parse({ facilityTax: bad })
      expect(r.success, bad).toBe(false)
      expect(r.error?.issues[0].message, bad).toMatch(/facilityTax/)
    }
    expect(parse({ facilityTax: '101' }).error?.issues[0].message).toBe('facilityTax: at most 100 (percent)')
    expect(parse({ jobCostOverride: '-0.01' }).error?.issues[0].message).toBe('jobCostOverride: at least 0')
  })
})
