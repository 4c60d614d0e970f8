import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { AVATAR_MAX_BYTES } from '@bullpen/contract/constants';
import { authMessages } from '@bullpen/contract/messages';
import { visuallyHidden } from '@/components/visually-hidden.ts';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The contract's (English) reason a file cannot be the avatar, or null. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return authMessages.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return authMessages.avatarSize;
  return null;
}

/** Optional profile picture with a local preview (never uploaded until the form is sent). */
export function AvatarUpload({
  file,
  error,
  onChange,
}: {
  file: File | null;
  /** Already in the reader's language. */
  error?: string;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('auth');
  const helpId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, mb: 1 }}>
      <Avatar
        src={preview ?? undefined}
        alt={file ? t('avatar.previewAlt') : ''}
        sx={{ width: 64, height: 64, bgcolor: '#e3eaf5', color: '#0b2545', flexShrink: 0 }}
      >
        <PhotoCameraIcon aria-hidden="true" />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography aria-hidden="true" sx={{ fontWeight: 600 }}>
          {t('avatar.label')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          {/* A styled <label> (not a Button: a button must not contain the input). */}
          <Box
            component="label"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              px: 1.25,
              py: 0.5,
              border: '1px solid',
              borderColor: 'primary.main',
              borderRadius: 1,
              color: 'primary.main',
              fontWeight: 600,
              fontSize: '0.875rem',
              cursor: 'pointer',
              position: 'relative',
              '&:hover': { bgcolor: '#e8f0fc' },
              '&:focus-within': { outline: '3px solid var(--focus-ring)', outlineOffset: 2 },
            }}
          >
            {file ? t('avatar.change') : t('avatar.choose')}
            <input
              type="file"
              aria-label={t('avatar.label')}
              accept={AVATAR_TYPES.join(',')}
              aria-describedby={helpId}
              aria-invalid={error ? 'true' : 'false'}
              onChange={(event) => {
                onChange(event.target.files?.[0] ?? null);
                // Choosing the same file again after removing it must fire a change.
                event.target.value = '';
              }}
              style={visuallyHidden}
            />
          </Box>
          {file && (
            <Button size="small" onClick={() => onChange(null)}>
              {t('avatar.remove')}
            </Button>
          )}
        </Box>
        {file && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
            {file.name}
          </Typography>
        )}
        <FormHelperText id={helpId} error={Boolean(error)}>
          {error ?? t('avatar.hint')}
        </FormHelperText>
      </Box>
    </Box>
  );
}
