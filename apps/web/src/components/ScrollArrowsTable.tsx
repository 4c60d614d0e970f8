import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode, Ref, UIEvent } from 'react';
import { TABLE_SCROLL_ARROWS_AFTER_ROWS, TABLE_SCROLL_STEP_PX } from '@bullpen/contract/ui';
import { controlIcons } from './control-icons.ts';
import { PathIcon } from './PathIcon.tsx';
import type { IconPaths } from './PathIcon.tsx';
import styles from './ScrollArrowsTable.module.css';

/** About one column of a table per click of a sideways arrow. */
const SIDEWAYS_STEP_PX = 120;

export interface ScrollArrowsTableProps {
  /** Names the scrollable region for screen readers ("Stocks"). */
  label: string;
  rowCount: number;
  /** Height of the scroll area; rows beyond it scroll inside the table, not the page. */
  maxHeight?: number;
  onScroll?: (container: HTMLDivElement) => void;
  containerRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A table that scrolls inside its own box (both ways: on a phone the columns scroll sideways
 * while the page does not), with up and down arrows when it has more than 7 rows (spec
 * sections 2 and 9: 20 px per click). When its columns are wider than the screen, left and
 * right arrows show that it scrolls sideways, a column's width at a time. Drawn with static CSS
 * (decision 020): the contest page's stock list and every table of a portfolio sit in one, and
 * MUI's TableContainer, IconButtons and boxes worked their styles out on each render (issue #13).
 */
export function ScrollArrowsTable({
  label,
  rowCount,
  maxHeight = 440,
  onScroll,
  containerRef,
  children,
}: ScrollArrowsTableProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLDivElement | null>(null);
  const showArrows = rowCount > TABLE_SCROLL_ARROWS_AFTER_ROWS;
  const [sideways, setSideways] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = ownRef.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setSideways((current) =>
      current.left === left && current.right === right ? current : { left, right },
    );
  }, []);

  useEffect(() => {
    const element = ownRef.current;
    if (!element) return;
    // The observer's first call comes after the browser has laid the table out; measuring here
    // instead would force a layout of the page in the middle of its first render (issue #13).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrollSideways = (direction: 1 | -1) => {
    ownRef.current?.scrollBy({ left: direction * SIDEWAYS_STEP_PX, behavior: 'smooth' });
  };

  const scrollBy = (direction: 1 | -1) => {
    ownRef.current?.scrollBy({ top: direction * TABLE_SCROLL_STEP_PX });
  };

  const setRefs = (element: HTMLDivElement | null) => {
    ownRef.current = element;
    if (typeof containerRef === 'function') containerRef(element);
    else if (containerRef) containerRef.current = element;
  };

  const arrow = (name: string, icon: IconPaths, onClick: () => void, disabled = false) => (
    <button
      type="button"
      aria-label={name}
      className={styles.arrow}
      disabled={disabled}
      onClick={onClick}
    >
      <PathIcon paths={icon} />
    </button>
  );

  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <div
          ref={setRefs}
          role="region"
          aria-label={label}
          tabIndex={0}
          className={styles.container}
          style={{ maxHeight }}
          onScroll={(event: UIEvent<HTMLDivElement>) => {
            measure();
            onScroll?.(event.currentTarget);
          }}
        >
          {children}
        </div>
        {showArrows && (
          <div className={styles.vertical}>
            {arrow(t('table.scrollUp'), controlIcons.up, () => scrollBy(-1))}
            {arrow(t('table.scrollDown'), controlIcons.down, () => scrollBy(1))}
          </div>
        )}
      </div>
      {(sideways.left || sideways.right) && (
        <div className={styles.sideways}>
          {arrow(
            t('table.scrollLeft'),
            controlIcons.left,
            () => scrollSideways(-1),
            !sideways.left,
          )}
          {arrow(
            t('table.scrollRight'),
            controlIcons.right,
            () => scrollSideways(1),
            !sideways.right,
          )}
        </div>
      )}
    </div>
  );
}
