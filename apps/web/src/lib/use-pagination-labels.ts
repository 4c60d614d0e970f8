import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useFormatters } from './format.ts';

type PaginationLabels = Pick<
  TablePaginationProps,
  'labelDisplayedRows' | 'getItemAriaLabel' | 'labelRowsPerPage'
>;

/** MUI's TablePagination speaks English on its own: these props give it the app's language. */
export function usePaginationLabels(): PaginationLabels {
  const { t } = useTranslation('common');
  const format = useFormatters();
  return useMemo(
    () => ({
      labelDisplayedRows: ({ from, to, count }) =>
        count === -1
          ? t('pagination.rowsMoreThan', { from: format.number(from), to: format.number(to) })
          : t('pagination.rows', {
              from: format.number(from),
              to: format.number(to),
              total: format.number(count),
            }),
      getItemAriaLabel: (type) => t(`pagination.${type}`),
      labelRowsPerPage: t('pagination.rowsPerPage'),
    }),
    [t, format],
  );
}
