/**
 * What a spreadsheet reads as a formula when a cell starts with it (OWASP's CSV injection list), and the
 * apostrophe that escapes one: a cell starting with any of these is written with an apostrophe before it,
 * so `=HYPERLINK(…)` in a product name shows as text instead of running when the file is opened.
 */
const ESCAPED_START = /^[=+\-@\t\r']/;

/** A text cell as it is written to an exported file (see ESCAPED_START). */
export const escapeCell = (text: string) => (ESCAPED_START.test(text) ? `'${text}` : text);

/**
 * A cell of an imported file as the text it stands for: the apostrophe an export put before a formula
 * character (or before an apostrophe) is taken off, so an exported file re-imports exactly. A cell
 * starting with an apostrophe followed by anything else is kept as it is.
 */
export const unescapeCell = (text: string) =>
  text.startsWith("'") && ESCAPED_START.test(text.slice(1)) ? text.slice(1) : text;

/** Paise as rupees with two decimals ('1299.50'), exact for any whole number of paise. */
export function rupeesCell(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
