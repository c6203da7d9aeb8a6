import { useEffect, useId, useRef } from 'react'
import type { CompressedOre } from '../../../schemas/ore-planner'
import { DESELECTABLE_FAMILIES, ORE_GROUP_LABELS, ORE_GROUPS, type OreGroup } from '../../../schemas/ore-planner-constants'

interface Props {
  ores: CompressedOre[]
  excluded: number[]
  onChange: (excluded: number[]) => void
}

/** A checkbox that can also show "partly checked". */
function TriStateBox({ checked, partly, onChange, label }: { checked: boolean; partly: boolean; onChange: (checked: boolean) => void; label: string }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partly
  }, [partly])
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      aria-checked={partly ? 'mixed' : checked}
      aria-label={label}
      onChange={(e) => onChange(e.target.checked)}
    />
  )
}

/** Allowed Ores: one box per compressed ore, grouped by processing skill, each group with a box for all of it. */
export function AllowedOres({ ores, excluded, onChange }: Props) {
  const off = new Set(excluded)
  const set = (ids: number[], allowed: boolean) => {
    const next = new Set(off)
    for (const id of ids) {
      if (allowed) next.delete(id)
      else next.add(id)
    }
    onChange([...next])
  }
  const groups = ORE_GROUPS.map((g) => ({ group: g, ores: ores.filter((o) => o.group === g) })).filter((g) => g.ores.length > 0)
  const deselectable = ores.filter((o) => (DESELECTABLE_FAMILIES as readonly string[]).includes(o.family)).map((o) => o.typeIdCompressed)
  const nothingToDeselect = deselectable.every((id) => off.has(id))
  const selected = ores.length - ores.filter((o) => off.has(o.typeIdCompressed)).length
  return (
    <section className="panel ore-section" aria-labelledby="ore-allowed-title">
      <h2 id="ore-allowed-title">
        Allowed Ores{' '}
        <span className="muted" data-testid="ore-allowed-count">
          ({selected} of {ores.length})
        </span>
      </h2>
      {/* aria-disabled, not disabled: a button that disables itself as it is pressed drops the keyboard focus to the
          top of the page, and a disabled one is skipped by Tab. With nothing left to do it does nothing. */}
      <div className="button-row">
        <button type="button" className="button secondary" onClick={() => !nothingToDeselect && set(deselectable, false)} aria-disabled={nothingToDeselect}>
          Deselect {DESELECTABLE_FAMILIES.slice(0, -1).join(', ')} and {DESELECTABLE_FAMILIES.at(-1)}
        </button>
        <button type="button" className="button secondary" onClick={() => selected < ores.length && onChange([])} aria-disabled={selected === ores.length}>
          Select all
        </button>
      </div>
      <div className="ore-groups">
        {groups.map(({ group, ores: members }) => (
          <OreGroupBox key={group} group={group} ores={members} off={off} onSet={set} />
        ))}
      </div>
    </section>
  )
}

function OreGroupBox({
  group,
  ores,
  off,
  onSet,
}: {
  group: OreGroup
  ores: CompressedOre[]
  off: Set<number>
  onSet: (ids: number[], allowed: boolean) => void
}) {
  const ids = ores.map((o) => o.typeIdCompressed)
  const count = ids.filter((id) => !off.has(id)).length
  const label = ORE_GROUP_LABELS[group]
  const nameId = useId()
  return (
    // Named apart from the legend, which holds the group's box: its label would be read into the name twice.
    <fieldset className="ore-group" aria-labelledby={nameId} data-testid={`ore-group-${group}`}>
      <span id={nameId} hidden>
        {`${label} ores, ${count} of ${ids.length} allowed`}
      </span>
      <legend>
        <label>
          <TriStateBox
            checked={count === ids.length}
            partly={count > 0 && count < ids.length}
            onChange={(checked) => onSet(ids, checked)}
            label={`All ${label} ores`}
          />
          {label}
        </label>{' '}
        <span className="muted" data-testid="ore-group-count">
          {count} of {ids.length}
        </span>
      </legend>
      <div className="ore-group-list">
        {ores.map((o) => (
          <label
            key={o.typeIdCompressed}
            className="ore-check"
            title={
              Object.entries(o.batchMinerals)
                .map(([m, q]) => `${m} ${q}`)
                .join(', ') + ' per 100 units'
            }
          >
            <input type="checkbox" checked={!off.has(o.typeIdCompressed)} onChange={(e) => onSet([o.typeIdCompressed], e.target.checked)} />
            {o.name.replace(/^Compressed /, '')}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
