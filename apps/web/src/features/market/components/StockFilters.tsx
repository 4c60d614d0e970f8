import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslation } from 'react-i18next';
import { DebouncedSearchField } from '@/components/DebouncedSearchField.tsx';
import { useSectors } from '../api/get-sectors.ts';

export interface StockFiltersProps {
  onSearch: (text: string) => void;
  sectorId: number | null;
  onSectorChange: (sectorId: number | null) => void;
}

/**
 * The Search Stock box and the Select A Category dropdown (spec section 2). The dropdown is the
 * browser's own select: a dozen sectors need no search, a phone or a Chromebook opens its own
 * picker, and its first choice, Select A Category, clears the filter.
 */
export function StockFilters({ onSearch, sectorId, onSectorChange }: StockFiltersProps) {
  const { t } = useTranslation('market');
  const sectors = useSectors();
  const selectId = useId();
  const label = t('filters.category');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        mb: 2,
      }}
    >
      <DebouncedSearchField label={t('filters.search')} onSearch={onSearch} size="small" />
      <FormControl size="small" fullWidth>
        <InputLabel htmlFor={selectId} shrink>
          {label}
        </InputLabel>
        <NativeSelect
          id={selectId}
          value={sectorId === null ? '' : String(sectorId)}
          onChange={(event) =>
            onSectorChange(event.target.value === '' ? null : Number(event.target.value))
          }
          input={<OutlinedInput label={label} notched />}
        >
          <option value="">{t('filters.categoryPlaceholder')}</option>
          {(sectors.data ?? []).map((sector) => (
            <option key={sector.id} value={sector.id}>
              {sector.name}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </Box>
  );
}
