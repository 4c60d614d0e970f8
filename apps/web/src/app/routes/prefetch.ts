/** A positive whole number from a path parameter, or null (the page itself answers a bad one). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}
