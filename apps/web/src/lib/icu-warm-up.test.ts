import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_LOCALES } from './intl-locale.ts';
import { warmUpIcu, warmUpIcuSource } from './icu-warm-up.ts';

/** A Worker that records what it was given and lets the test answer for it. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  constructor(readonly url: string) {
    super();
    FakeWorker.made.push(this);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeWorker.made = [];
});

describe('warmUpIcuSource', () => {
  it('builds a formatter of each kind the app uses in every language, then says so and closes', () => {
    const built: string[] = [];
    const spy = (kind: string, Real: typeof Intl.NumberFormat | typeof Intl.DateTimeFormat) =>
      function (this: unknown, locale: string, options: object) {
        built.push(`${kind} ${locale}`);
        return new (Real as typeof Intl.NumberFormat)(locale, options);
      };
    const posted: unknown[] = [];
    let closed = false;
    const intl = {
      NumberFormat: spy('number', Intl.NumberFormat),
      DateTimeFormat: spy('date', Intl.DateTimeFormat),
    };
    // What the worker runs, run here with its globals given.
    new Function('Intl', 'postMessage', 'close', warmUpIcuSource(['en-US', 'es-419']))(
      intl,
      (message: unknown) => posted.push(message),
      () => (closed = true),
    );
    expect(built).toEqual([
      'number en-US',
      'number en-US',
      'date en-US',
      'number es-419',
      'number es-419',
      'date es-419',
    ]);
    expect(posted).toEqual([true]);
    expect(closed).toBe(true);
  });
});

describe('warmUpIcu', () => {
  it('starts one worker from a blob of the source for every app language, freed when it answers', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:warm-up');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    warmUpIcu();
    expect(FakeWorker.made.map((worker) => worker.url)).toEqual(['blob:warm-up']);
    expect(created.mock.calls[0]![0]).toBeInstanceOf(Blob);
    expect(revoked).not.toHaveBeenCalled();
    FakeWorker.made[0]!.dispatchEvent(new Event('message'));
    expect(revoked).toHaveBeenCalledWith('blob:warm-up');
    expect(Object.values(INTL_LOCALES)).toEqual(['en-US', 'es-419']);
  });

  it('does nothing where a policy refuses the worker, and frees the blob', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:refused');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    expect(() => warmUpIcu()).not.toThrow();
    expect(revoked).toHaveBeenCalledWith('blob:refused');
  });

  it('does nothing without workers', () => {
    vi.stubGlobal('Worker', undefined);
    const created = vi.spyOn(URL, 'createObjectURL');
    warmUpIcu();
    expect(created).not.toHaveBeenCalled();
  });
});
