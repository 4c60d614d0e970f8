import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { ContestUser } from '@bullpen/contract/contests';

/**
 * The form (react-hook-form, the contract's schema and zod, MUI's TextField) loads when its
 * owner first presses Edit, not with the portfolio page, which most visits only read.
 */
const DescriptionForm = lazy(() =>
  import('./DescriptionForm.tsx').then((module) => ({ default: module.DescriptionForm })),
);

/**
 * The portfolio's description: its owner writes it (at most 500 characters), the other
 * members of the contest read it.
 */
export function PortfolioDescription({
  contestUser,
  isMine,
}: {
  contestUser: ContestUser;
  isMine: boolean;
}) {
  const { t } = useTranslation('contests');
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Back on the button once it is rendered again (a frame later can still be too early).
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const { description } = contestUser;
  if (!isMine && !description) return null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {isMine ? t('description.headingMine') : t('description.headingOther')}
      </Typography>
      {editing ? (
        <Suspense fallback={null}>
          <DescriptionForm
            contestUser={contestUser}
            onDone={() => {
              returnFocus.current = true;
              setEditing(false);
            }}
          />
        </Suspense>
      ) : (
        <>
          <Typography
            data-testid="portfolio-description"
            sx={{
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
              maxWidth: 760,
              mb: isMine ? 1 : 0,
              ...(!description && { color: 'text.secondary' }),
            }}
          >
            {description || t('description.empty')}
          </Typography>
          {isMine && (
            <Button
              ref={editButton}
              size="small"
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing(true)}
            >
              {description ? t('description.edit') : t('description.add')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
