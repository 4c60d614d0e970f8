/**
 * Hands a file made in the page (a CSV export, a fetched PDF) to the browser as a download
 * named `fileName`. The object URL is released once the download has had time to start.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV text as a UTF-8 download. */
export function saveCsv(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
