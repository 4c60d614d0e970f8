import { BollingerBands, SMA } from 'trading-signals';

/** A value per input point, null until the window is full. */
export function simpleMovingAverage(values: readonly number[], period: number): (number | null)[] {
  const indicator = new SMA(period);
  return values.map((value) => indicator.add(value));
}

export type Bands = { upper: number; middle: number; lower: number };

/** Bollinger Bands: SMA ± deviations × population standard deviation over the window. */
export function bollingerBands(
  values: readonly number[],
  period: number,
  deviations: number,
): (Bands | null)[] {
  const indicator = new BollingerBands(period, deviations);
  return values.map((value) => indicator.add(value));
}
