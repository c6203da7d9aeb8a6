import { useMemo } from 'react'
import type { PiIngredient, PiProduct } from '../../../schemas/pi'
import { SortableTable, type Column } from '../../components/SortableTable'
import { formatFixed2, formatInt } from '../../../schemas/format'
import { keyColumnsFirst, useNarrowScreen } from '../../lib/phone-columns'

/** A price or value that may be missing: missing reads "missing", never 0. */
export function Isk({ value, decimals = 0, signed = false }: { value: number | null; decimals?: 0 | 2; signed?: boolean }) {
  if (value === null) return <span className="pi-missing">missing</span>
  const text = decimals === 2 ? formatFixed2(value) : formatInt(value)
  return <span className={signed ? (value >= 0 ? 'pi-gain' : 'pi-loss') : undefined}>{text}</span>
}

/** A profit cell: the number, or "n/a" with the missing prices that stop that profit, on hover and read out with the cell. */
function Profit({ value, missing }: { value: number | null; missing: string[] }) {
  if (value !== null) return <Isk value={value} signed />
  return (
    <span className="pi-missing" title={`Not computed: ${missing.join(', ')}`}>
      n/a<span className="visually-hidden">: not computed, missing {missing.join(', ')}</span>
    </span>
  )
}

function IngredientCell({ ingredient }: { ingredient: PiIngredient | undefined }) {
  if (!ingredient) return null
  const price =
    ingredient.unitPrice === null ? 'no price at Jita 4-4' : `${formatFixed2(ingredient.unitPrice)} ISK each, ${formatInt(ingredient.cost!)} ISK in all`
  return (
    <span title={`${ingredient.name}: ${price}`}>
      {formatInt(ingredient.quantity)} × {ingredient.name}
      {ingredient.unitPrice === null && <span className="pi-missing"> (no price)</span>}
    </span>
  )
}

const ingredientColumn = (n: number): Column<PiProduct> => ({
  key: `ingredient${n}`,
  header: `Ingredient ${n}`,
  value: (p) => p.ingredients[n - 1]?.name,
  render: (p) => <IngredientCell ingredient={p.ingredients[n - 1]} />,
})

/** A profit column: best first on the first click, "n/a" with the reason where a price is missing. */
const profitColumn = (
  key: string,
  header: string,
  get: (p: PiProduct) => number | null,
  missing: (p: PiProduct) => string[],
  tooltip: string,
): Column<PiProduct> => ({
  key,
  header,
  value: get,
  render: (p) => <Profit value={get(p)} missing={missing(p)} />,
  align: 'right',
  firstDirection: 'desc',
  tooltip,
})

const COLUMNS: Column<PiProduct>[] = [
  { key: 'name', header: 'Item Name', value: (p) => p.name },
  {
    key: 'quantity',
    header: 'Batch Qty',
    value: (p) => p.quantity,
    align: 'right',
    firstDirection: 'desc',
    tooltip: 'Units one factory cycle makes (SDE planet schematic)',
  },
  {
    key: 'lowestSeller',
    header: 'Lowest Seller (unit)',
    value: (p) => p.lowestSeller,
    render: (p) => <Isk value={p.lowestSeller} decimals={2} />,
    align: 'right',
    firstDirection: 'desc',
  },
  {
    key: 'highestBuyer',
    header: 'Highest Buyer (unit)',
    value: (p) => p.highestBuyer,
    render: (p) => <Isk value={p.highestBuyer} decimals={2} />,
    align: 'right',
    firstDirection: 'desc',
  },
  {
    key: 'valueBatch',
    header: 'Value x Batch',
    value: (p) => p.valueBatch,
    render: (p) => <Isk value={p.valueBatch} />,
    align: 'right',
    firstDirection: 'desc',
    tooltip: 'Batch quantity × unit price on the side the market mode sells at',
  },
  ingredientColumn(1),
  ingredientColumn(2),
  ingredientColumn(3),
  profitColumn(
    'profitP0This',
    'Profit P0-This x Batch',
    (p) => p.profitP0This,
    (p) => p.missingP0This,
    'Batch value − every raw (P0) material behind the batch − customs tax along the whole chain',
  ),
  profitColumn(
    'profitPrevThis',
    'Profit Prev-This x Batch',
    (p) => p.profitPrevThis,
    (p) => p.missingPrevThis,
    'Batch value − the direct inputs bought on the market − import tax on them and export tax on the batch',
  ),
  profitColumn(
    'profitPerHour',
    'Profit / hour',
    (p) => p.profitPerHour,
    (p) => p.missingPrevThis,
    'Profit Prev-This for the batches one factory finishes in an hour (3600 s / cycle time)',
  ),
]

/**
 * On a phone the two profits stand beside the item's name, so they need no sideways scroll at 390 px; profit per hour,
 * the prices and the ingredients follow.
 */
const PHONE_COLUMNS = keyColumnsFirst(COLUMNS, ['profitP0This', 'profitPrevThis', 'profitPerHour'])

interface Props {
  /** Names the table's scroll region on a narrow screen; each tier's must differ ("P2 products table"). */
  label: string
  products: PiProduct[]
  onSelect: (product: PiProduct) => void
  empty: string
}

/** One tier's products, sortable by every column; a row opens its breakdown. */
export function PiTierTable({ label, products, onSelect, empty }: Props) {
  const phone = useNarrowScreen()
  const missing = useMemo(() => products.filter((p) => p.missing.length > 0), [products])
  const count = (n: number) => (n === 1 ? '1 product' : `${n} products`)
  return (
    <>
      <SortableTable
        label={label}
        rows={products}
        columns={phone ? PHONE_COLUMNS : COLUMNS}
        rowKey={(p) => p.typeId}
        initialSort={{ key: 'profitP0This', direction: 'desc' }}
        onRowClick={onSelect}
        empty={empty}
        className="pi-table"
      />
      {missing.length > 0 && (
        <p className="pi-note warning-text" data-testid="pi-missing-note">
          Not computed (shown as n/a): Profit P0-This for {count(missing.filter((p) => p.profitP0This === null).length)}, Profit Prev-This for{' '}
          {count(missing.filter((p) => p.profitPrevThis === null).length)}. Missing at Jita 4-4: {[...new Set(missing.flatMap((p) => p.missing))].join(', ')}. A
          profit that needs a missing price is not shown rather than worked out with zero.
        </p>
      )}
    </>
  )
}
