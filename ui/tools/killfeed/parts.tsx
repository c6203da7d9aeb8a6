import type { ReactNode } from 'react'
import { MODES, type ItemType, type Mode } from '../../../schemas/killfeed-constants'
import { TableWrap } from '../../components/TableWrap'

export const MODE_LABEL: Record<Mode, string> = { both: 'Kills and losses', kills: 'Kills', losses: 'Losses' }
export const TYPE_LABEL: Record<ItemType, string> = { alliance: 'Alliance', corporation: 'Corporation', character: 'Character', system: 'System' }

/** The mode choice; fixed to "both" for a system, which takes every kill in it. */
export function ModeSelect({ value, onChange, itemType }: { value: Mode; onChange: (m: Mode) => void; itemType: ItemType }) {
  const isSystem = itemType === 'system'
  return (
    <label className="field">
      <span className="field-label">Mode</span>
      <select
        value={isSystem ? 'both' : value}
        disabled={isSystem}
        title={isSystem ? 'A system route takes every kill in the system' : undefined}
        onChange={(e) => onChange(e.target.value as Mode)}
      >
        {MODES.map((m) => (
          <option key={m} value={m}>
            {MODE_LABEL[m]}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A failed call's sentence, where the call was made. */
export function ErrorLine({ message }: { message: string | null }) {
  return message ? (
    <p className="error-text" role="alert">
      {message}
    </p>
  ) : null
}

/** A data table with a last, unlabelled column for row actions. */
export function AdminTable({ label, headers, className = '', children }: { label: string; headers: string[]; className?: string; children: ReactNode }) {
  return (
    <TableWrap label={label}>
      <table className={`data-table admin-table ${className}`}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  )
}
