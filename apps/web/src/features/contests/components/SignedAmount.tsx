import { signedClass } from '@/components/signed-class.ts';
import { useFormatters } from '@/lib/format.ts';

/**
 * A gain or loss: green with "+", red with "−" (colour is never the only signal). The theme's
 * success and error colours pass WCAG AA on white.
 */
export function SignedAmount({
  cents,
  ratio,
  sign,
}: {
  /** Money in cents; or give `ratio` for a percentage. */
  cents?: number;
  ratio?: number;
  /** The value whose sign picks the colour (default: the one shown). */
  sign?: number;
}) {
  const format = useFormatters();
  const value = sign ?? cents ?? ratio ?? 0;
  const text = cents !== undefined ? format.signedCents(cents) : format.signedPercent(ratio ?? 0);
  const rounded = cents !== undefined ? value : Math.round(value * 10_000);
  return <span className={signedClass(rounded)}>{text}</span>;
}
