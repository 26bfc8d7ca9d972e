import { ORDER_CSV_COLUMNS, type OrderExportDays, type OrderExportQuery } from '@shop/shared-api';

/** A day in the admin's own time zone as a date input holds it ('2026-11-27'). */
export function localDay(date = new Date(), plusDays = 0): string {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate() + plusDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The start of a day ('2026-11-27') in the admin's own time zone, as the instant the api compares. */
const startOfDay = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
};

/** The last 30 days, today included: what the export form offers first. */
export const lastThirtyDays = (now = new Date()): OrderExportDays => ({
  from: localDay(now, -29),
  to: localDay(now),
});

/** The api's range for the form's days: `to` is inclusive on screen, so the api gets the next day's start. */
export function orderExportQueryOf(days: OrderExportDays): OrderExportQuery {
  return {
    ...(days.from ? { from: startOfDay(days.from) } : {}),
    ...(days.to ? { to: startOfDay(days.to, 1) } : {}),
  };
}

/** 'orders-2026-11-01-to-2026-11-30.csv'; an open bound reads 'start' or today. */
export const ordersCsvName = (days: OrderExportDays, now = new Date()) =>
  `orders-${days.from || 'start'}-to-${days.to || localDay(now)}.csv`;

export const productsCsvName = (now = new Date()) => `products-${localDay(now)}.csv`;

/** The bytes of an orders file that holds its header only (no order in the range). */
export const EMPTY_ORDERS_CSV_BYTES = new Blob([`\uFEFF${ORDER_CSV_COLUMNS.join(',')}\r\n`]).size;

/** '1 row' / '2,345 rows'. */
export const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-IN')} ${value === 1 ? one : many}`;
