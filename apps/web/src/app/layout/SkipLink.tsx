import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The first focusable element: jumps past the header to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: '#ffffff',
        color: 'primary.dark',
        fontWeight: 700,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'translateY(0)' },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
