import type { PiIngredient, PiProduct } from '../../../schemas/pi'
import { Dialog } from '../../components/Dialog'
import { formatNumber } from '../../../schemas/format'
import { Isk } from './PiTierTable'
import { TableWrap } from '../../components/TableWrap'

function InputTable({ caption, items }: { caption: string; items: PiIngredient[] }) {
  const total = items.some((i) => i.cost === null) ? null : items.reduce((s, i) => s + i.cost!, 0)
  return (
    <TableWrap label={caption}>
      <table className="data-table pi-breakdown-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>Material</th>
            <th className="align-right">Tier</th>
            <th className="align-right">Quantity</th>
            <th className="align-right">Unit price</th>
            <th className="align-right">Cost</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.typeId}>
              <td>{i.name}</td>
              <td className="align-right">P{i.tier}</td>
              <td className="align-right">{formatNumber(i.quantity, Number.isInteger(i.quantity) ? 0 : 2)}</td>
              <td className="align-right">
                <Isk value={i.unitPrice} decimals={2} />
              </td>
              <td className="align-right">
                <Isk value={i.cost} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>Total</th>
            <td className="align-right">
              <Isk value={total} />
            </td>
          </tr>
        </tfoot>
      </table>
    </TableWrap>
  )
}

/** An ISK amount in a sentence: "1,234 ISK", or "not computed" when a price it needs is missing. */
function Amount({ value, signed = false }: { value: number | null; signed?: boolean }) {
  if (value === null) return <span className="pi-missing">not computed</span>
  return (
    <>
      <Isk value={value} signed={signed} /> ISK
    </>
  )
}

/** A profit that needs a missing price: which prices stop it (as its n/a cell in the table says), not a bare 'not computed'. */
function NotComputed({ missing }: { missing: string[] }) {
  return <span className="pi-missing">not computed: missing {missing.join(', ')}</span>
}

/** How one product's row was reached: inputs, P0 behind it, taxes and both profits. */
export function PiBreakdown({ product, onClose }: { product: PiProduct | null; onClose: () => void }) {
  return (
    <Dialog open={product !== null} onClose={onClose} title={product ? `${product.name} (P${product.tier})` : ''} wide>
      {product && (
        <div className="pi-breakdown">
          <p>
            One batch is {product.quantity} {product.quantity === 1 ? 'unit' : 'units'} every {product.cycleTime / 60} minutes, worth{' '}
            <Amount value={product.valueBatch} /> in this market mode. Customs value:{' '}
            {product.taxBase === null ? <span className="pi-missing">not in the SDE</span> : `${formatNumber(product.taxBase)} ISK`} per unit.
          </p>
          <InputTable caption="Direct inputs (Prev-This)" items={product.ingredients} />
          <p>
            Customs tax when the inputs are imported and the batch exported: <Amount value={product.taxPrevThis} />. Profit Prev-This:{' '}
            {product.profitPrevThis === null ? (
              <NotComputed missing={product.missingPrevThis} />
            ) : (
              <>
                <Amount value={product.profitPrevThis} signed /> per batch, <Amount value={product.profitPerHour} signed /> per factory hour
              </>
            )}
            .
          </p>
          <InputTable caption="Raw materials behind one batch (P0-This)" items={product.rawMaterials} />
          <p>
            Customs tax along the whole chain (every intermediate exported and imported once, the batch exported): <Amount value={product.taxP0This} />. Profit
            P0-This:{' '}
            {product.profitP0This === null ? (
              <NotComputed missing={product.missingP0This} />
            ) : (
              <>
                <Amount value={product.profitP0This} signed /> per batch
              </>
            )}
            .
          </p>
          {product.missing.length > 0 && <p className="warning-text">Missing: {product.missing.join(', ')}.</p>}
        </div>
      )}
    </Dialog>
  )
}
