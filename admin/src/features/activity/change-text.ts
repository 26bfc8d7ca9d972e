import type { FieldChange } from '@shop/shared-api';

/** Long values (a description) are cut: the entry says that it changed; the product page says to what. */
const MAX_VALUE_CHARS = 60;

/** 'orderStatus' as 'Order status'. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value of a changed field as one short line: lists joined, nothing shown as a dash. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** One change as the Activity screen says it: 'Stock: 6 → 2', a new field's value, a removed one's. */
export function changeText({ field, before, after }: FieldChange): string {
  const label = fieldLabel(field);
  if (before === null) return `${label}: ${valueText(after)}`;
  if (after === null) return `${label} was ${valueText(before)}`;
  return `${label}: ${valueText(before)} → ${valueText(after)}`;
}
