import { signedClass } from '@/components/signed-class.ts';

/**
 * A signed gain or loss: green with "+" for a gain, red with "−" for a loss (colour is never
 * the only signal). Both colours pass WCAG AA on white. Static CSS (signed.module.css), as
 * `SignedAmount` draws its amounts.
 */
export function ChangeText({
  value,
  children,
}: {
  /** Only its sign matters: it picks the colour. */
  value: number;
  children: string;
}) {
  return <span className={signedClass(value)}>{children}</span>;
}
