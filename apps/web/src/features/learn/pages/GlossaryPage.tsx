import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GlossaryTerm } from '@bullpen/contract/learn';
import { learnPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGlossary } from '../api/learn-api.ts';
import { PageStatus } from '../components/PageStatus.tsx';
import { CONTENT_LANGUAGE } from '../components/Reading.tsx';

const letterOf = (term: string) => {
  const first = term.normalize('NFD').charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
};

function groupByLetter(terms: GlossaryTerm[]): [string, GlossaryTerm[]][] {
  const groups = new Map<string, GlossaryTerm[]>();
  for (const term of terms) {
    const letter = letterOf(term.term);
    groups.set(letter, [...(groups.get(letter) ?? []), term]);
  }
  return [...groups];
}

/**
 * /public/glossary: every term the lessons teach, A to Z, with the lesson that teaches it;
 * every lesson links here. A term's anchor (`#apr`) opens the page at it; the search box
 * narrows the list as you type.
 */
export function GlossaryPage() {
  const { t } = useTranslation('learn');
  useDocumentTitle(t('glossary.title'));
  const glossary = useGlossary();
  const { hash } = useLocation();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const terms = glossary.data?.terms;
  const shown = useMemo(
    () =>
      (terms ?? []).filter(
        (term) =>
          query === '' ||
          term.term.toLowerCase().includes(query) ||
          term.definition.toLowerCase().includes(query),
      ),
    [terms, query],
  );
  useEffect(() => {
    if (!terms || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [terms, hash]);
  if (!terms) return <PageStatus error={glossary.error} />;
  const groups = groupByLetter(shown);
  return (
    <PageContainer maxWidth={900}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('glossary.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>
        {t('glossary.lead', { count: terms.length })}
      </Typography>
      <TextField
        label={t('glossary.search')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 1, width: '100%', maxWidth: 420 }}
      />
      <Typography role="status" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('glossary.shown', { count: shown.length })}
      </Typography>
      {groups.length > 1 && (
        <Box
          component="nav"
          aria-label={t('glossary.letters')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 3 }}
        >
          {groups.map(([letter]) => (
            <Link
              key={letter}
              href={`#letter-${letter}`}
              sx={{ minWidth: 32, minHeight: 32, display: 'inline-grid', placeItems: 'center' }}
            >
              {letter}
            </Link>
          ))}
        </Box>
      )}
      {groups.map(([letter, group]) => (
        <Box component="section" key={letter} aria-labelledby={`letter-${letter}`} sx={{ mb: 3 }}>
          <Typography variant="h2" id={`letter-${letter}`} sx={{ fontSize: '1.5rem', mb: 1 }}>
            {letter}
          </Typography>
          <Box component="dl" lang={CONTENT_LANGUAGE} sx={{ m: 0 }}>
            {group.map((term) => (
              <Box key={term.slug} sx={{ mb: 2, scrollMarginTop: 80 }} id={term.slug}>
                <Typography component="dt" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {term.term}
                </Typography>
                <Typography component="dd" sx={{ m: 0, maxWidth: '70ch' }}>
                  {term.definition}
                  {term.lesson && (
                    <>
                      {' '}
                      <Link
                        component={RouterLink}
                        to={learnPaths.publicLesson(term.lesson.slug)}
                        lang={undefined}
                      >
                        {t('glossary.taughtIn', { lesson: term.lesson.title })}
                      </Link>
                    </>
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </PageContainer>
  );
}

export const Component = GlossaryPage;
