import ExcelJS from 'exceljs';
import type { ExportRow } from './presenter.ts';

/**
 * The gradebook as an XLSX workbook (exceljs). A text is always written as a string cell and
 * never as a formula, so a name that starts with = + - @ (OWASP "CSV injection", which
 * `toCsv` in platform/csv.ts escapes for CSV) shows as the text it is; numbers stay numbers.
 */
export async function gradebookXlsx(
  sheetName: string,
  header: readonly string[],
  rows: readonly ExportRow[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bullpen';
  const safeName = sheetName
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, 31);
  const sheet = workbook.addWorksheet(safeName || 'Gradebook');
  sheet.addRow([...header]).font = { bold: true };
  for (const values of rows) {
    const row = sheet.addRow([]);
    values.forEach((value, index) => {
      const cell = row.getCell(index + 1);
      // Set as a rich-less plain value: exceljs writes a string as a shared string, never
      // parsing it (a formula needs `{ formula }`).
      cell.value = value ?? '';
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
