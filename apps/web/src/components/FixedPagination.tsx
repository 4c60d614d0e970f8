import Box from '@mui/material/Box';
import TablePaginationActions from '@mui/material/TablePaginationActions';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';

/**
 * The pages of a table whose page size is fixed: "1–10 of 234" and the previous and next
 * buttons, drawn as MUI's TablePagination draws them but without its rows-per-page select,
 * which brings MUI's Select, Menu and Modal (some 14 KiB) to the page even when hidden.
 * `page` counts from 0.
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
      <TablePaginationActions
        count={count}
        page={page}
        rowsPerPage={pageSize}
        onPageChange={(_event, next) => onPageChange(next)}
        getItemAriaLabel={(type) => getItemAriaLabel?.(type) ?? type}
        showFirstButton={false}
        showLastButton={false}
      />
    </Box>
  );
}
