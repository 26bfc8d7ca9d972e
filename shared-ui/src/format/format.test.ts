import { describe, expect, it } from 'vitest';
import { formatLongDate } from './date.ts';
import { formatRupees } from './money.ts';

describe('formatting', () => {
  it('prints rupees with Indian digit grouping', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('prints the member-since date in long US format', () => {
    expect(formatLongDate('2026-11-21T10:00:00.000Z')).toBe('November 21, 2026');
  });

  it('prints N/A for a missing or unreadable date', () => {
    expect(formatLongDate(undefined)).toBe('N/A');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate('')).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});
