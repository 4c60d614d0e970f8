import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ModuleCategory } from '@bullpen/contract/zogo';

/**
 * Chips that show one category or all; they wrap onto more rows on a phone instead of
 * scrolling sideways. Each is a toggle button (`aria-pressed`).
 */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: ModuleCategory[];
  selected: ModuleCategory | null;
  onSelect: (category: ModuleCategory | null) => void;
}) {
  const { t } = useTranslation('earn');
  const options: { value: ModuleCategory | null; label: string }[] = [
    { value: null, label: t('catalogue.all') },
    ...categories.map((slug) => ({ value: slug, label: t(`categories.${slug}`) })),
  ];
  return (
    <Box
      role="group"
      aria-label={t('catalogue.filter')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {options.map((option) => {
        const pressed = option.value === selected;
        return (
          <Chip
            key={option.value ?? 'all'}
            label={option.label}
            clickable
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => onSelect(option.value)}
            sx={{ maxWidth: '100%' }}
          />
        );
      })}
    </Box>
  );
}
