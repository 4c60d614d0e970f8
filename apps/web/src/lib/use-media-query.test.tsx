import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery, useScrolledPast } from './use-media-query.ts';

/** A MediaQueryList whose answer a test sets, as a window resize would. */
class FakeMediaQueryList extends EventTarget {
  constructor(
    readonly media: string,
    public matches: boolean,
  ) {
    super();
  }

  change(matches: boolean) {
    this.matches = matches;
    const event = Object.assign(new Event('change'), { matches, media: this.media });
    this.dispatchEvent(event);
  }
}

function Probe({ query }: { query: string }) {
  const matches = useMediaQuery(query);
  const [renders, setRenders] = useState(0);
  return (
    <button type="button" onClick={() => setRenders(renders + 1)}>
      {matches ? 'matches' : 'does not match'} {renders}
    </button>
  );
}

function ScrollProbe() {
  return <p>{useScrolledPast(575) ? 'past' : 'above'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useMediaQuery', () => {
  it('answers from one MediaQueryList, follows its changes, and never asks the browser again in a render', async () => {
    const lists: FakeMediaQueryList[] = [];
    const matchMedia = vi.fn((query: string) => {
      const list = new FakeMediaQueryList(query, true);
      lists.push(list);
      return list;
    });
    vi.stubGlobal('matchMedia', matchMedia);
    render(<Probe query="(max-width:420px)" />);
    expect(screen.getByRole('button')).toHaveTextContent('matches 0');

    act(() => lists[0]!.change(false));
    expect(screen.getByRole('button')).toHaveTextContent('does not match 0');
    // Renders for other reasons read the stored answer.
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('does not match 2');
    act(() => lists[0]!.change(true));
    expect(screen.getByRole('button')).toHaveTextContent('matches 2');
    expect(matchMedia).toHaveBeenCalledTimes(1);
  });
});

describe('useScrolledPast', () => {
  it('turns true once a scroll event finds the page below the threshold, and back', async () => {
    let y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    render(<ScrollProbe />);
    expect(await screen.findByText('above')).toBeInTheDocument();
    y = 600;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('past')).toBeInTheDocument();
    y = 100;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('above')).toBeInTheDocument();
  });

  it('starts from the page’s scroll position when the page was already scrolled (a reload)', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(900);
    render(<ScrollProbe />);
    expect(await screen.findByText('past')).toBeInTheDocument();
  });
});
