/**
 * One CSV field (RFC 4180). A spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` (or a tab or carriage return before one) as a formula, and a chat
 * title or a reason is anyone's text: such a cell gets a leading `'`, which
 * spreadsheets show as text.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, fields quoted as needed, ending in CRLF (RFC 4180). */
export function csvLine(fields: Array<string | number | null>): string {
  return `${fields.map((field) => csvField(typeof field === 'number' ? String(field) : field)).join(',')}\r\n`;
}

/** What a CSV file starts with: a UTF-8 byte order mark (so a spreadsheet reads names in any script), then the header. */
export function csvHead(columns: readonly string[]): string {
  return `\uFEFF${columns.join(',')}\r\n`;
}
