import { stringify } from 'csv-stringify/sync';

/**
 * CSV for downloads opened in a spreadsheet (RFC 4180, csv-stringify): every field quoted,
 * quotes doubled, lines ended by CRLF. A text field a spreadsheet would run as a formula (it
 * starts with = + - @, a tab or a carriage return; OWASP "CSV injection") gets a leading
 * apostrophe, so it shows as the text it is; a negative number stays a number.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    { quoted: true, quoted_empty: true, record_delimiter: 'windows', escape_formulas: true },
  );
}
