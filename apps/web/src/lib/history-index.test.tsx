import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router';
import { numberHistoryEntry } from './history-index.ts';

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname} ${String(location.state)} ${location.key}`}</p>;
}

describe('numberHistoryEntry', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('numbers the entry as React Router does, so its history does not write it again', () => {
    window.history.replaceState({ usr: 'kept', key: 'k1' }, '', '/contest/7');
    numberHistoryEntry();
    expect(window.history.state).toEqual({ usr: 'kept', key: 'k1', idx: 0 });

    const replaceState = vi.spyOn(window.history, 'replaceState');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(replaceState).not.toHaveBeenCalled();
    expect(screen.getByText('/contest/7 kept k1')).toBeTruthy();
  });

  it('leaves an entry that has its number, and numbers one without state', () => {
    window.history.replaceState({ idx: 3 }, '', '/a');
    numberHistoryEntry();
    expect(window.history.state).toEqual({ idx: 3 });

    window.history.replaceState(null, '', '/b');
    numberHistoryEntry();
    expect(window.history.state).toEqual({ idx: 0 });
  });
});
