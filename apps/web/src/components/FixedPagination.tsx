import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';

/**
 * The pages of a table whose page size is fixed: "1–10 of 234" and the previous and next
 * buttons, drawn as MUI's TablePagination draws them but without its rows-per-page select,
 * which brings MUI's Select, Menu and Modal (some 14 KiB) to the page even when hidden, and
 * without the tooltips of its page buttons, which bring MUI's Tooltip and Popper (some 10 KiB):
 * the buttons' names say the same to a screen reader. `page` counts from 0.
 */
export function FixedPagination({
  count,
  page,
  pageSize,
  onPageChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { labelDisplayedRows, getItemAriaLabel } = usePaginationLabels();
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  const label = (type: 'previous' | 'next') => getItemAriaLabel?.(type) ?? type;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2.5,
        minHeight: 52,
        px: 2,
        color: 'text.primary',
      }}
    >
      <Box component="p" sx={{ m: 0, typography: 'body2' }}>
        {labelDisplayedRows?.({ from, to, count, page })}
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <IconButton
          color="inherit"
          aria-label={label('previous')}
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
        >
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton
          color="inherit"
          aria-label={label('next')}
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}
