import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SDE_DIR, SourceError } from './sde-files.js'
import { linkStargates, readStargates } from './universe.js'

const sample = (name: string) => fileURLToPath(new URL(`../fakes/api-fixtures/ccp-sde/samples/${name}`, import.meta.url))

describe('stargates from the YAML SDE', () => {
  it("reads Jita's seven gates, the same gates CCP's mapStargates lists for it", () => {
    const gates = readStargates(path.join(SDE_DIR, 'universe/eve/TheForge/Kimotoro/Jita/solarsystem.yaml'))
    // The real gate records of the YAML variant of CCP's current SDE (converted to JSON Lines in the sample).
    const ccp = fs
      .readFileSync(sample('mapStargates.from-yaml-variant.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { _key: number; destination: { stargateID: number } })
    expect(gates).toEqual(ccp.map((g) => ({ stargateId: g._key, destination: g.destination.stargateID })))
  })

  it('links each gate to the system its destination gate is in, and refuses a gate that leads nowhere', () => {
    const file = 'universe/eve/x/solarsystem.yaml'
    expect(
      linkStargates([
        { stargateId: 50001248, systemId: 30000142, destination: 50000802, file },
        { stargateId: 50000802, systemId: 30000140, destination: 50001248, file },
      ]),
    ).toEqual([
      { stargate_id: 50001248, solar_system_id: 30000142, destination_stargate_id: 50000802, destination_system_id: 30000140 },
      { stargate_id: 50000802, solar_system_id: 30000140, destination_stargate_id: 50001248, destination_system_id: 30000142 },
    ])
    expect(() => linkStargates([{ stargateId: 1, systemId: 2, destination: 3, file }])).toThrow(SourceError)
    expect(() => linkStargates([{ stargateId: 1, systemId: 2, destination: 3, file }])).toThrow(
      'universe/eve/x/solarsystem.yaml: record 1: destination stargate 3 is in no solar system',
    )
  })
})
