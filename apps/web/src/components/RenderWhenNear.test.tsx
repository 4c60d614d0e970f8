import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_MARGIN_PX, RenderWhenNear } from './RenderWhenNear.tsx';

/** The browser's observer, at the edge: the test says when the place comes near the screen. */
class FakeObserver {
  static made: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    act(() => this.callback(entries as IntersectionObserverEntry[], this as never));
  }
}

describe('RenderWhenNear', () => {
  beforeEach(() => {
    FakeObserver.made = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('holds the place until it comes near the screen, then renders its children for good', () => {
    const { unmount } = render(
      <RenderWhenNear placeholder={<p>place</p>}>
        <p>stock list</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('place')).toBeInTheDocument();
    expect(screen.queryByText('stock list')).not.toBeInTheDocument();
    const [observer] = FakeObserver.made;
    expect(observer?.options.rootMargin).toBe(`${NEAR_MARGIN_PX}px 0px`);
    expect(observer?.observed).toEqual([screen.getByText('place').parentElement]);

    observer!.report(false);
    expect(screen.queryByText('stock list')).not.toBeInTheDocument();
    observer!.report(true);
    expect(screen.getByText('stock list')).toBeInTheDocument();
    expect(screen.queryByText('place')).not.toBeInTheDocument();
    // Rendered for good: no observer is left watching.
    expect(observer!.disconnected).toBe(true);
    expect(FakeObserver.made).toHaveLength(1);
    unmount();
  });

  it('stops watching when it leaves the page first', () => {
    const { unmount } = render(
      <RenderWhenNear placeholder={<p>place</p>}>
        <p>stock list</p>
      </RenderWhenNear>,
    );
    unmount();
    expect(FakeObserver.made[0]?.disconnected).toBe(true);
  });

  it('renders at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <RenderWhenNear placeholder={<p>place</p>}>
        <p>stock list</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('stock list')).toBeInTheDocument();
  });
});
