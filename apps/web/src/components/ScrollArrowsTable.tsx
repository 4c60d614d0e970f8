import { useRef } from 'react';
import type { ReactNode, Ref, UIEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableContainer from '@mui/material/TableContainer';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { TABLE_SCROLL_ARROWS_AFTER_ROWS, TABLE_SCROLL_STEP_PX } from '@bullpen/contract/ui';

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
 * sections 2 and 9: 20 px per click).
 */
export function ScrollArrowsTable({
  label,
  rowCount,
  maxHeight = 440,
  onScroll,
  containerRef,
  children,
}: ScrollArrowsTableProps) {
  const ownRef = useRef<HTMLDivElement | null>(null);
  const showArrows = rowCount > TABLE_SCROLL_ARROWS_AFTER_ROWS;

  const scrollBy = (direction: 1 | -1) => {
    ownRef.current?.scrollBy({ top: direction * TABLE_SCROLL_STEP_PX });
  };

  const setRefs = (element: HTMLDivElement | null) => {
    ownRef.current = element;
    if (typeof containerRef === 'function') containerRef(element);
    else if (containerRef) containerRef.current = element;
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 0.5, minWidth: 0 }}>
      <TableContainer
        ref={setRefs}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={
          onScroll ? (event: UIEvent<HTMLDivElement>) => onScroll(event.currentTarget) : undefined
        }
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
          <IconButton aria-label="Scroll up" size="small" onClick={() => scrollBy(-1)}>
            <KeyboardArrowUpIcon />
          </IconButton>
          <IconButton aria-label="Scroll down" size="small" onClick={() => scrollBy(1)}>
            <KeyboardArrowDownIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
