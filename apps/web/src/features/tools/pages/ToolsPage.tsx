import { useEffect } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { calculatorNames, type CalculatorName } from '@bullpen/contract/calculator-names';
import { PAYCHECK_TAX_YEAR } from '@bullpen/contract/calculators';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { calculators } from '../components/Calculator.tsx';

const titleKeys = {
  'compound-interest': 'compound.title',
  'loan-payoff': 'loan.title',
  paycheck: 'paycheck.title',
  'savings-goal': 'savings.title',
} as const satisfies Record<CalculatorName, string>;

/** /tools (signed in): the four calculators, each reachable as /tools#<name> (a lesson's link). */
export function ToolsPage() {
  const { t } = useTranslation('tools');
  useDocumentTitle(t('title'));
  const { hash } = useLocation();
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    if (name) document.getElementById(name)?.scrollIntoView();
  }, [hash]);

  return (
    <PageContainer maxWidth={900}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>{t('lead')}</Typography>
      <Box component="nav" aria-label={t('contents')}>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { my: 0.5 } }}>
          {calculatorNames.map((name) => (
            <li key={name}>
              <Link href={`#${name}`}>{t(titleKeys[name], { year: PAYCHECK_TAX_YEAR })}</Link>
            </li>
          ))}
        </Box>
      </Box>
      {calculatorNames.map((name) => {
        const Calculator = calculators[name];
        return <Calculator key={name} anchorId={name} headingLevel={2} />;
      })}
    </PageContainer>
  );
}

export const Component = ToolsPage;
