/**
 * CSV for downloads opened in a spreadsheet (RFC 4180): every field quoted, quotes doubled,
 * lines ended by CRLF. A field a spreadsheet would run as a formula (it starts with = + - @,
 * a tab or a carriage return; OWASP "CSV injection") gets a leading apostrophe, so it shows
 * as the text it is.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}
