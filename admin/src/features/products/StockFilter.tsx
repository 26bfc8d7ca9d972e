import { Field, NativeSelect } from '@shop/shared-ui';
import { STOCK_THRESHOLDS } from './stock-filter.ts';

interface StockFilterProps {
  stockBelow: number | undefined;
  onChange: (stockBelow: number | undefined) => void;
}

const labelOf = (threshold: number) =>
  threshold === 1 ? 'Out of stock' : `Fewer than ${threshold} in stock`;

/** Low stock (issue 29): the products with fewer than a threshold in stock, or every product. */
export function StockFilter({ stockBelow, onChange }: StockFilterProps) {
  const thresholds = [...new Set([...STOCK_THRESHOLDS, ...(stockBelow ? [stockBelow] : [])])].sort(
    (a, b) => a - b,
  );
  return (
    <Field.Root maxW={{ base: 'full', md: 'xs' }}>
      <Field.Label>Stock</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={stockBelow ?? ''}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">Any stock</option>
          {thresholds.map((threshold) => (
            <option key={threshold} value={threshold}>
              {labelOf(threshold)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
