import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Resume } from '@bullpen/contract/resumes';

const PARTS = ['summary', 'education', 'experience', 'skills'] as const;

/** A résumé to read: its parts as the server sanitised them (the editor's formats only). */
export function ResumeView({ resume }: { resume: Resume }) {
  const { t } = useTranslation('resumes');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {PARTS.filter((part) => resume[part] !== '').map((part) => (
        <Box key={part} component="section">
          <Typography variant="h4" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 0.5 }}>
            {t(`fields.${part}`)}
          </Typography>
          <Box
            sx={{
              overflowWrap: 'anywhere',
              '& p': { my: 0.5 },
              '& ul, & ol': { my: 0.5, pl: 3 },
            }}
            dangerouslySetInnerHTML={{ __html: resume[part] }}
          />
        </Box>
      ))}
    </Box>
  );
}
