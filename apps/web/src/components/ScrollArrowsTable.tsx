import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode, Ref, UIEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableContainer from '@mui/material/TableContainer';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { TABLE_SCROLL_ARROWS_AFTER_ROWS, TABLE_SCROLL_STEP_PX } from '@bullpen/contract/ui';

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
 * right arrows show that it scrolls sideways, a column's width at a time.
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

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 0.5, minWidth: 0 }}>
        <TableContainer
          ref={setRefs}
          role="region"
          aria-label={label}
          tabIndex={0}
          onScroll={(event: UIEvent<HTMLDivElement>) => {
            measure();
            onScroll?.(event.currentTarget);
          }}
          sx={{
            maxHeight,
            flex: 1,
            minWidth: 0,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {children}
        </TableContainer>
        {showArrows && (
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'space-between',
              flexShrink: 0,
            }}
          >
            <IconButton aria-label={t('table.scrollUp')} size="small" onClick={() => scrollBy(-1)}>
              <KeyboardArrowUpIcon />
            </IconButton>
            <IconButton aria-label={t('table.scrollDown')} size="small" onClick={() => scrollBy(1)}>
              <KeyboardArrowDownIcon />
            </IconButton>
          </Box>
        )}
      </Box>
      {(sideways.left || sideways.right) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
          <IconButton
            aria-label={t('table.scrollLeft')}
            size="small"
            disabled={!sideways.left}
            onClick={() => scrollSideways(-1)}
          >
            <KeyboardArrowLeftIcon />
          </IconButton>
          <IconButton
            aria-label={t('table.scrollRight')}
            size="small"
            disabled={!sideways.right}
            onClick={() => scrollSideways(1)}
          >
            <KeyboardArrowRightIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
