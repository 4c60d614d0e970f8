import { useTranslation } from 'react-i18next';
import { DebouncedSearchField } from '@/components/DebouncedSearchField.tsx';
import { NativeSelectField } from '@/components/form/NativeSelectField.tsx';
import { useSectors } from '../api/sectors-api.ts';
import styles from './StockFilters.module.css';

export interface StockFiltersProps {
  onSearch: (text: string) => void;
  sectorId: number | null;
  onSectorChange: (sectorId: number | null) => void;
}

/**
 * The Search Stock box and the Select A Category dropdown (spec section 2). The dropdown is the
 * browser's own select: a dozen sectors need no search, a phone or a Chromebook opens its own
 * picker, and its first choice, Select A Category, clears the filter. Static CSS, no styled
 * component (decision 020): on the contest page they render after its first paint (issue #13).
 */
export function StockFilters({ onSearch, sectorId, onSectorChange }: StockFiltersProps) {
  const { t } = useTranslation('market');
  const sectors = useSectors();
  return (
    <div className={styles.filters}>
      <DebouncedSearchField label={t('filters.search')} onSearch={onSearch} size="small" />
      <NativeSelectField
        label={t('filters.category')}
        size="small"
        value={sectorId === null ? '' : String(sectorId)}
        onChange={(event) =>
          onSectorChange(event.target.value === '' ? null : Number(event.target.value))
        }
      >
        <option value="">{t('filters.categoryPlaceholder')}</option>
        {(sectors.data ?? []).map((sector) => (
          <option key={sector.id} value={sector.id}>
            {sector.name}
          </option>
        ))}
      </NativeSelectField>
    </div>
  );
}
