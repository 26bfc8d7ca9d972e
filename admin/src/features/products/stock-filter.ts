import { LOW_STOCK_THRESHOLD } from '@shop/shared-api';
import { useSearchParams } from 'react-router-dom';

/** The thresholds the products list offers; one from the address (a shared link) joins them. */
export const STOCK_THRESHOLDS = [1, LOW_STOCK_THRESHOLD, 10, 20] as const;

/**
 * The products list's stock filter, kept in the address (?stockBelow=5) beside the search and the page, so
 * the dashboard can link to the low-stock products and Back or a reload keeps them. A new threshold goes
 * back to page 1; anything but a whole number of at least 1 is no filter.
 */
export function useStockBelow() {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('stockBelow'));
  const stockBelow = Number.isInteger(parsed) && parsed >= 1 && parsed <= 1_000_000 ? parsed : undefined;
  const setStockBelow = (next: number | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined) copy.delete('stockBelow');
        else copy.set('stockBelow', String(next));
        copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  return { stockBelow, setStockBelow };
}
