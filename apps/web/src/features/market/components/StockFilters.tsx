import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Sector } from '@bullpen/contract/market';
import { DebouncedSearchField } from '@/components/DebouncedSearchField.tsx';
import { InputField } from '@/components/form/InputField.tsx';
import { useSectors } from '../api/get-sectors.ts';

export interface StockFiltersProps {
  onSearch: (text: string) => void;
  sectorId: number | null;
  onSectorChange: (sectorId: number | null) => void;
}

/** The Search Stock box and the Select A Category dropdown (spec section 2). */
export function StockFilters({ onSearch, sectorId, onSectorChange }: StockFiltersProps) {
  const { t } = useTranslation('market');
  const sectors = useSectors();
  const options = sectors.data ?? [];
  const value = options.find((sector) => sector.id === sectorId) ?? null;
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
      <Autocomplete<Sector>
        options={options}
        value={value}
        loading={sectors.isPending}
        getOptionLabel={(sector) => sector.name}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        onChange={(_event, sector) => onSectorChange(sector?.id ?? null)}
        size="small"
        noOptionsText={t('filters.noOptions')}
        loadingText={t('filters.loading')}
        openText={t('filters.open')}
        closeText={t('filters.close')}
        clearText={t('filters.clear')}
        renderInput={(params) => (
          <InputField
            {...params}
            label={t('filters.category')}
            placeholder={t('filters.categoryPlaceholder')}
            margin="none"
            slotProps={{
              ...params.slotProps,
              inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            }}
          />
        )}
      />
    </Box>
  );
}
