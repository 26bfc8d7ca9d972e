// Made on first use, as the rupee format (money.ts): most pages show no date.
let longUsDate: Intl.DateTimeFormat | undefined;

/** The long date's arguments, exported so the start-up worker (warm-up.ts) prepares exactly this one. */
export const LONG_DATE_FORMAT = ['en-US', { year: 'numeric', month: 'long', day: 'numeric' }] as const;

/** 'November 21, 2026', or 'N/A' when the date is missing or unreadable (SPEC: member-since). */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  longUsDate ??= new Intl.DateTimeFormat(...LONG_DATE_FORMAT);
  return longUsDate.format(date);
}
