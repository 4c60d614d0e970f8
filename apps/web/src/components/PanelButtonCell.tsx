import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';

/**
 * A table cell with the icon button that opens one panel of the stock popup for a row. The
 * column's header names the panel (Info, Data, Chart, News) and the button's accessible name is
 * the panel and the row's stock, so the icon needs no tooltip, nor MUI's Tooltip and Popper.
 */
export function PanelButtonCell({
  label,
  name,
  Icon,
  onClick,
  size = 'medium',
}: {
  label: string;
  name: string;
  Icon: ComponentType;
  onClick: () => void;
  /** Small buttons (34 px) for a table that has to fit many columns. */
  size?: 'small' | 'medium';
}) {
  return (
    <TableCell align="center" padding="none">
      <IconButton
        aria-label={`${label}: ${name}`}
        onClick={onClick}
        size={size}
        sx={{ color: 'primary.main' }}
      >
        <Icon />
      </IconButton>
    </TableCell>
  );
}
