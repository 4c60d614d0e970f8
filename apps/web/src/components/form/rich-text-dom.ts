/**
 * The browser's own measure of rich text: the HTML parsed by the DOM (never executed or
 * attached), its text content counted in characters as a person counts them. The contract's
 * `htmlToText` (which the schema uses, and the server can) must agree with it.
 */
export function domTextOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

export function domTextLength(html: string): number {
  return [...domTextOf(html)].length;
}
