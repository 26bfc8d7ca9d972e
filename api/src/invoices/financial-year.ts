import { SHOP_TIME_ZONE } from '@shop/shared-api/schemas';

/**
 * India's financial year, April to March, of a moment in India's time: '2026-27' from 1 April 2026 to
 * 31 March 2027. Invoice numbers start again at 1 each financial year.
 */
export function financialYearOf(moment: Date): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(moment)
    .split('-')
    .map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'INV/26-27/00042': the prefix, the financial year and the sequence. GST allows at most 16 characters of
 * letters, digits, '-' and '/', unique within the financial year: 'INV' stays within 16 up to 999,999
 * invoices a year, the longest prefix (4 characters) up to 99,999.
 */
export function invoiceNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear.slice(2)}/${String(sequence).padStart(5, '0')}`;
}
