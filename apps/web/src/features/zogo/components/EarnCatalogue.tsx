import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { moduleCategories, type ModuleCategory } from '@bullpen/contract/zogo';
import { PageContainer } from '@/components/PageContainer.tsx';
import { earnErrorText } from '../earn-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useIntlLocale } from '@/lib/intl-locale.ts';
import { useCatalogue, useToday } from '../api/zogo-api.ts';
import { type CategoryGroup, catalogueView } from '../catalogue-view.ts';
import { CategoryFilter } from './CategoryFilter.tsx';
import { EarnBanner } from './EarnBanner.tsx';
import { ModuleCard } from './ModuleCard.tsx';
import { ProgressSummary } from './ProgressSummary.tsx';

const CATEGORY_PARAM = 'category';

function isCategory(value: string | null): value is ModuleCategory {
  return (moduleCategories as readonly (string | null)[]).includes(value);
}

/** `/learn-and-earn?widget_type=learn_and_earn`: every module by category, with progress. */
export function EarnCatalogue() {
  const { t } = useTranslation('earn');
  const locale = useIntlLocale();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  useDocumentTitle(t('title'));
  const catalogue = useCatalogue();
  const today = useToday();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get(CATEGORY_PARAM);
  const selected = isCategory(requested) ? requested : null;
  const view = useMemo(
    () =>
      catalogue.categories && catalogue.skills && catalogue.modules
        ? catalogueView(catalogue.categories, catalogue.skills, catalogue.modules)
        : null,
    [catalogue.categories, catalogue.skills, catalogue.modules],
  );
  // A module opened from here comes back to this very view (with its category filter).
  const from = `${location.pathname}${location.search}`;

  const select = (category: ModuleCategory | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (category) next.set(CATEGORY_PARAM, category);
        else next.delete(CATEGORY_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  let body;
  if (catalogue.error && !view) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadError')}
        <Box component="span" sx={{ display: 'block', fontSize: '0.875rem' }}>
          {earnErrorText(catalogue.error)}
        </Box>
      </Alert>
    );
  } else if (!view) {
    body = (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  } else if (view.categories.length === 0) {
    body = <Alert severity="info">{t('empty')}</Alert>;
  } else {
    const shown = view.categories.filter(
      (group) => selected === null || group.category.slug === selected,
    );
    body = (
      <>
        <Box sx={{ mb: 4 }}>
          <CategoryFilter
            categories={view.categories.map((group) => group.category.slug)}
            selected={selected}
            onSelect={select}
          />
        </Box>
        {shown.length === 0 ? (
          <Alert severity="info">{t('empty')}</Alert>
        ) : (
          shown.map((group) => (
            <CategorySection key={group.category.id} group={group} from={from} />
          ))
        )}
      </>
    );
  }

  return (
    <>
      <EarnBanner>
        <Typography variant="h1" sx={{ color: 'inherit', mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ maxWidth: '60ch', mb: view ? 3 : 0, opacity: 0.92 }}>
          {t('lead')}
        </Typography>
        {view && view.categories.length > 0 && (
          <Box
            component="section"
            aria-labelledby="earn-overall"
            sx={{ bgcolor: 'background.paper', color: 'text.primary', borderRadius: 2, p: 2 }}
          >
            <Typography id="earn-overall" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('catalogue.overall')}
            </Typography>
            <ProgressSummary progress={view.progress} label={t('catalogue.progressLabel')} />
            {today.data && (
              <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                {t('catalogue.today', {
                  points: number(today.data.points_today),
                  cap: number(today.data.daily_cap),
                })}
              </Typography>
            )}
          </Box>
        )}
      </EarnBanner>
      <PageContainer>{body}</PageContainer>
    </>
  );
}

function CategorySection({ group, from }: { group: CategoryGroup; from: string }) {
  const { t } = useTranslation('earn');
  const name = t(`categories.${group.category.slug}`);
  const headingId = `earn-category-${group.category.slug}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 6 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
          pb: 1.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        <Box sx={{ width: { xs: '100%', sm: 320 } }}>
          <ProgressSummary
            dense
            progress={group.progress}
            label={`${t('catalogue.progressLabel')}: ${name}`}
          />
        </Box>
      </Box>
      {group.skills.map(({ skill, modules }) => (
        <Box key={skill.id} sx={{ mb: 3 }}>
          <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1.25 }}>
            {skill.name}
          </Typography>
          <Box
            component="ul"
            aria-label={t('catalogue.modules', { skill: skill.name })}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {modules.map((module) => (
              <Box component="li" key={module.id} sx={{ minWidth: 0 }}>
                <ModuleCard module={module} from={from} />
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
