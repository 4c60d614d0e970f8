/** The class names given, without the empty or unset ones, as one `className`. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
