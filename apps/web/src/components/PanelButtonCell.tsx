import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';

/** A table cell with the icon button that opens one panel of the stock popup for a row. */
export function PanelButtonCell({
  label,
  symbol,
  name,
  Icon,
  onClick,
  size = 'medium',
}: {
  label: string;
  symbol: string;
  name: string;
  Icon: ComponentType;
  onClick: () => void;
  /** Small buttons (34 px) for a table that has to fit many columns. */
  size?: 'small' | 'medium';
}) {
  return (
    <TableCell align="center" padding="none">
      <Tooltip title={`${label}: ${symbol}`}>
        <IconButton
          aria-label={`${label}: ${name}`}
          onClick={onClick}
          size={size}
          sx={{ color: 'primary.main' }}
        >
          <Icon />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}
