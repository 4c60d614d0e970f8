import styles from './PanelButtonCell.module.css';

/** The stock popup's panels that a row's icon buttons open. */
export type PanelIcon = 'info' | 'data' | 'chart' | 'news';

/**
 * A table cell with the icon button that opens one panel of the stock popup for a row. The
 * column's header names the panel (Info, Data, Chart, News) and the button's accessible name is
 * the panel and the row's stock, so the icon needs no tooltip, nor MUI's Tooltip and Popper.
 * Drawn with static CSS rather than MUI's TableCell, IconButton and SvgIcon: a stock table has
 * four on each row, and styled components work their styles out on every render (issue #13).
 * The icon is one element, its shape a CSS mask (PanelButtonCell.module.css).
 */
export function PanelButtonCell({
  label,
  name,
  icon,
  onClick,
  size = 'medium',
}: {
  label: string;
  name: string;
  icon: PanelIcon;
  onClick: () => void;
  /** Small buttons (34 px) for a table that has to fit many columns. */
  size?: 'small' | 'medium';
}) {
  return (
    // data-panel: a table can give its panel columns (header and cells) their own padding.
    <td className={styles.cell} data-panel="">
      <button
        type="button"
        aria-label={`${label}: ${name}`}
        onClick={onClick}
        className={size === 'small' ? `${styles.button} ${styles.small}` : styles.button}
      >
        <span className={`${styles.icon} ${styles[icon]}`} aria-hidden="true" />
      </button>
    </td>
  );
}
