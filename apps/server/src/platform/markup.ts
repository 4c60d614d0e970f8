import sanitizeHtml from 'sanitize-html';

/**
 * Text made safe inside HTML or XML, in an element or a quoted attribute: the five characters
 * that mean something in markup as entities. The apostrophe is `&#39;`, which every mail client
 * reads (HTML 4 has no `&apos;`). For mails, the news articles' pages and the logos' SVG.
 */
export function escapeMarkup(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Plain text from HTML: every tag dropped (the content of <script> and <style> too) by
 * sanitize-html, then the entities it writes in text decoded back. `&amp;` is decoded last, so
 * text that spelled an entity (`&lt;`) stays as typed and is not decoded twice.
 */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
