/** Only same-site paths may be followed from a query string (no open redirects). */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
