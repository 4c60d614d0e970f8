import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { retentionPeriods } from '@bullpen/contract/privacy';
import { LEGAL_CONTACT_EMAIL, type LegalDocument } from '../legal/types.ts';

export type LegalDocumentKind = 'terms' | 'privacy';

/** Terms of Use and Privacy Policy in a dialog (loaded on demand, outside the main chunk). */
export default function LegalDialog({
  kind,
  open,
  onClose,
}: {
  kind: LegalDocumentKind;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('legal');
  // The retention periods come from the constants the server's retention job uses
  // (apps/server/src/privacy/retention.ts), so the policy cannot state other numbers.
  const document = t(kind, {
    returnObjects: true,
    email: LEGAL_CONTACT_EMAIL,
    ...retentionPeriods(),
  }) as LegalDocument;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      scroll="paper"
      fullScreen={fullScreen}
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{document.title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {document.updated}
        </Typography>
        <Typography sx={{ mb: 2 }}>{document.intro}</Typography>
        {Object.values(document.sections).map((section) => (
          <section key={section.heading}>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mt: 2, mb: 1 }}>
              {section.heading}
            </Typography>
            {Object.values(section.paragraphs).map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
            {section.bullets && (
              <ul>
                {Object.values(section.bullets).map((bullet) => (
                  <Typography key={bullet} component="li" sx={{ mb: 0.75 }}>
                    {bullet}
                  </Typography>
                ))}
              </ul>
            )}
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
