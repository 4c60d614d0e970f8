import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabBar } from './TabBar.tsx';

type Section = 'board' | 'lessons' | 'students';

const tabs = (['board', 'lessons', 'students'] as const).map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
  id: `tab-${value}`,
  controls: 'panel',
}));

function Harness({ onChange }: { onChange: (value: Section) => void }) {
  const [value, setValue] = useState<Section>('board');
  return (
    <>
      <button type="button">before</button>
      <TabBar
        label="Sections"
        value={value}
        tabs={tabs}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe('TabBar', () => {
  it('is a named tab list with the selected tab alone in the Tab order', () => {
    render(<Harness onChange={() => {}} />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const board = screen.getByRole('tab', { name: 'Board' });
    expect(board.getAttribute('aria-selected')).toBe('true');
    expect(board.getAttribute('aria-controls')).toBe('panel');
    expect(board.id).toBe('tab-board');
    expect(board.tabIndex).toBe(0);
    for (const name of ['Lessons', 'Students']) {
      const tab = screen.getByRole('tab', { name });
      expect(tab.getAttribute('aria-selected')).toBe('false');
      expect(tab.tabIndex).toBe(-1);
    }
  });

  it('moves the focus with the arrow keys, Home and End, and selects on Enter or a click', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Board' }));

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Lessons' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Students' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Board' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Students' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Board' }));
    // Moving the focus selects nothing.
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('lessons');
    expect(screen.getByRole('tab', { name: 'Lessons' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Lessons' }).tabIndex).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Students' }));
    expect(onChange).toHaveBeenLastCalledWith('students');
    // The selected tab again: nothing to change.
    await user.click(screen.getByRole('tab', { name: 'Students' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
