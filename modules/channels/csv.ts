/**
 * CSV for spreadsheets. A text cell that starts with =, +, -, @, a tab or a carriage return would
 * run as a formula when opened, so it gets a leading apostrophe (OWASP's advice); numbers stay
 * numbers.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text with a byte-order mark, so spreadsheet programs read UTF-8 names right. */
export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
