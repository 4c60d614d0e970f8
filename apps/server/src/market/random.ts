/**
 * Seeded randomness for the simulation: the same seed and key always give the same numbers,
 * on every machine (only 32-bit integer maths and IEEE doubles).
 */

/** FNV-1a over the parts, then a final mix: a 32-bit seed for one named stream. */
export function hashSeed(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix32(hash);
}

function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** sfc32: small, fast and passes PractRand; state is four 32-bit words. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let index = 0; index < 12; index += 1) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in (0, 1), never 0 so that log() is safe. */
  uniform(): number {
    return (this.nextUint32() + 0.5) / 4_294_967_296;
  }

  /** Standard normal (Box–Muller; the second value is dropped to keep the stream simple). */
  normal(): number {
    const u = this.uniform();
    const v = this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A deterministic value in [low, high) for per-company parameters. */
  between(low: number, high: number): number {
    return low + (high - low) * this.uniform();
  }
}
