import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useVerification } from '../api/certificates-api.ts';

/** /public/certificates/{code}: anyone confirms that a certificate is genuine. */
export function Component() {
  const { t } = useTranslation('certificates');
  const format = useFormatters();
  const code = (useParams().code ?? '').trim();
  const verification = useVerification(code);
  useDocumentTitle(t('verify.title'));

  const notFound =
    !code || (verification.error instanceof ApiError && verification.error.status === 404);
  const details = verification.data;

  return (
    <PageContainer maxWidth={720}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        {t('verify.title')}
      </Typography>
      {verification.isPending && code && (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
      {notFound && (
        <Alert severity="warning">
          <AlertTitle>{t('verify.notFoundTitle')}</AlertTitle>
          {t('verify.notFoundText', { code })}
        </Alert>
      )}
      {verification.isError && !notFound && (
        <Alert severity="error">{errorText(verification.error)}</Alert>
      )}
      {details && (
        <>
          <Alert severity="success" sx={{ mb: 3 }}>
            <AlertTitle>{t('verify.genuineTitle')}</AlertTitle>
            {t('verify.genuineText')}
          </Alert>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: { xs: 0.25, sm: 1.5 },
                '& dt': { color: 'text.secondary', mt: { xs: 1.5, sm: 0 } },
                '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
              }}
            >
              <dt>{t('verify.student')}</dt>
              <dd>{details.student_name}</dd>
              <dt>{t('verify.course')}</dt>
              <dd>{details.course_title}</dd>
              <dt>{t('verify.classroom')}</dt>
              <dd>{details.classroom_name}</dd>
              <dt>{t('verify.teacher')}</dt>
              <dd>{details.teacher_name}</dd>
              <dt>{t('verify.date')}</dt>
              <dd>
                {new Intl.DateTimeFormat(format.locale, { dateStyle: 'long' }).format(
                  new Date(details.granted_at),
                )}
              </dd>
              <dt>{t('code')}</dt>
              <dd>
                <code>{details.code}</code>
              </dd>
            </Box>
          </Paper>
        </>
      )}
    </PageContainer>
  );
}
