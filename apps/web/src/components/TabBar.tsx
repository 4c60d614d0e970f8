import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { classNames } from './class-names.ts';
import styles from './TabBar.module.css';

export type TabItem<Value extends string> = {
  value: Value;
  label: string;
  /** The tab's id, which its panel names in `aria-labelledby`. */
  id: string;
  /** The id of the panel the tab shows. */
  controls: string;
};

const KEYS_TO_STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs as MUI's `Tabs` and `Tab` draw them in this theme (the selected tab in the primary
 * colour over a 2 px bar, a divider below the row), with static CSS (decision 020): MUI's Tabs
 * measure every tab's box in the render that mounts them (`getTabsMeta`), a forced layout inside
 * the page's first task (issue #13). The keyboard works as in MUI and the WAI-ARIA tabs pattern:
 * one tab in the Tab order, the arrow keys, Home and End move the focus along the row, and Enter,
 * Space or a click selects. The bar is a border, so it does not slide.
 */
export function TabBar<Value extends string>({
  label,
  value,
  tabs,
  onChange,
  className,
}: {
  /** The row's accessible name. */
  label: string;
  value: Value;
  tabs: readonly TabItem<Value>[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEYS_TO_STEP[event.key];
    const buttons = [...(row.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (!step || index < 0) return;
    event.preventDefault();
    buttons[step(index, buttons.length)]?.focus();
  };
  return (
    <div
      ref={row}
      role="tablist"
      aria-label={label}
      className={classNames(styles.row, className)}
      onKeyDown={moveFocus}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tab.id}
            aria-controls={tab.controls}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={classNames(styles.tab, selected && styles.selected)}
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
