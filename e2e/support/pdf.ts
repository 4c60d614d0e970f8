import { extractText, getDocumentProxy } from 'unpdf';

/** The text a PDF reader would show, all pages run together. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
