import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { format as formatPattern } from 'date-fns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  CHAT_TIME_FORMAT,
  CLASSROOM_MUTE_CHOICES,
  CLASSROOM_REPORT_REASON_MAX,
  type ClassroomPost,
} from '@bullpen/contract/classroom-posts';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useDatePatterns } from '@/lib/date-patterns.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import {
  useClassroomMutes,
  useClassroomReports,
  useClassroomReportsLive,
  useDeleteClassroomPost,
  useDismissReports,
  useLiftMute,
  useMuteStudent,
  useReportClassroomPost,
} from '../../api/moderation-api.ts';

/**
 * The board's moderation in the web app (docs/decisions/032-board-moderation.md): a menu on
 * each message, the dialogs it opens, and the teacher's panel of reported messages and muted
 * students.
 */

/** Spec section 2's 'hh:mm a MM-DD-YY'; other languages put the day first. */
const TIME_PATTERNS: Record<string, string> = { en: CHAT_TIME_FORMAT, es: 'hh:mm a dd-MM-yy' };

/** The board's way of writing an instant, in the reader's language. */
export function useBoardTime(): (instant: string) => string {
  const { i18n } = useTranslation('board');
  const { dateFnsLocale } = useDatePatterns();
  const pattern = TIME_PATTERNS[i18n.language.split('-')[0] ?? 'en'] ?? CHAT_TIME_FORMAT;
  return (instant) => formatPattern(new Date(instant), pattern, { locale: dateFnsLocale });
}

/** The server's message in the reader's language (the board's own messages first). */
export function boardErrorText(error: unknown): string {
  return error instanceof ApiError && error.message
    ? translateMessage(error.message, ['board:serverMessages'])
    : errorText(error);
}

export type ModerationAction = { kind: 'delete' | 'report' | 'mute'; post: ClassroomPost };

/** What the viewer may do to a message, from their part in the class. */
export function postActions(
  post: ClassroomPost,
  viewer: { id: number | undefined; teacher: boolean; teacherId: number },
): ModerationAction['kind'][] {
  const own = post.userId === viewer.id;
  const actions: ModerationAction['kind'][] = [];
  if (viewer.teacher || own) actions.push('delete');
  if (!own && !viewer.teacher) actions.push('report');
  if (viewer.teacher && post.userId !== viewer.teacherId) actions.push('mute');
  return actions;
}

const ACTION_LABELS = { delete: 'delete', report: 'report', mute: 'mute' } as const;

/** The ⋮ button of a message and its menu (arrow keys move, Escape closes). */
export function PostMenu({
  post,
  actions,
  onChoose,
  light,
}: {
  post: ClassroomPost;
  actions: ModerationAction['kind'][];
  onChoose: (action: ModerationAction) => void;
  light: boolean;
}) {
  const { t } = useTranslation('board');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        aria-label={t('moderation.actions', { name: post.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: light ? 'primary.contrastText' : 'text.secondary', ml: 0.5, mt: -0.5 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {actions.map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              onChoose({ kind, post });
            }}
          >
            {t(`moderation.${ACTION_LABELS[kind]}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function DialogError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {boardErrorText(error)}
    </Alert>
  );
}

/** The dialog of the chosen action; `onDone` receives the sentence to announce. */
export function ModerationDialog({
  classroomId,
  action,
  onClose,
  onDone,
}: {
  classroomId: number;
  action: ModerationAction | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  if (!action) return null;
  const props = { classroomId, post: action.post, onClose, onDone };
  if (action.kind === 'delete') return <DeleteDialog {...props} />;
  if (action.kind === 'report') return <ReportDialog {...props} />;
  return <MuteDialog {...props} />;
}

type DialogProps = {
  classroomId: number;
  post: ClassroomPost;
  onClose: () => void;
  onDone: (notice: string) => void;
};

/**
 * The frame every moderation dialog shares: a form with a title, its content, the server's
 * error, Cancel, and a confirm button that says it is busy while the request runs.
 */
function ActionDialog({
  title,
  titleSx,
  confirm,
  confirmColor,
  mutation,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  titleSx?: SxProps<Theme>;
  confirm: string;
  confirmColor?: 'error';
  mutation: { error: unknown; isPending: boolean };
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('board');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <DialogTitle id={titleId} sx={titleSx}>
          {title}
        </DialogTitle>
        <DialogContent>
          {children}
          <DialogError error={mutation.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('moderation.cancel')}</Button>
          <Button
            type="submit"
            color={confirmColor}
            variant="contained"
            disabled={mutation.isPending}
          >
            {mutation.isPending ? t('moderation.busy') : confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DeleteDialog({ classroomId, post, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('board');
  const remove = useDeleteClassroomPost(classroomId);
  return (
    <ActionDialog
      title={t('moderation.deleteTitle')}
      confirm={t('moderation.deleteConfirm')}
      confirmColor="error"
      mutation={remove}
      onConfirm={() => remove.mutate(post.id, { onSuccess: () => onDone(t('moderation.deleted')) })}
      onClose={onClose}
    >
      <DialogContentText>{t('moderation.deleteText')}</DialogContentText>
      <Typography
        variant="body2"
        sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}
      >
        {post.message}
      </Typography>
    </ActionDialog>
  );
}

function ReportDialog({ classroomId, post, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('board');
  const hintId = useId();
  const report = useReportClassroomPost(classroomId);
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('moderation.reportTitle')}
      confirm={t('moderation.reportConfirm')}
      mutation={report}
      onConfirm={() =>
        report.mutate(
          { postId: post.id, reason: reason.trim() },
          { onSuccess: () => onDone(t('moderation.reported')) },
        )
      }
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('moderation.reportText')}</DialogContentText>
      <TextField
        label={t('moderation.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value.slice(0, CLASSROOM_REPORT_REASON_MAX))}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        slotProps={{
          htmlInput: { maxLength: CLASSROOM_REPORT_REASON_MAX, 'aria-describedby': hintId },
        }}
      />
      <Typography id={hintId} variant="caption" color="text.secondary">
        {t('moderation.reasonHint', { max: CLASSROOM_REPORT_REASON_MAX })}
      </Typography>
    </ActionDialog>
  );
}

function MuteDialog({ classroomId, post, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('board');
  const boardTime = useBoardTime();
  const muteStudent = useMuteStudent(classroomId);
  const [minutes, setMinutes] = useState<number>(CLASSROOM_MUTE_CHOICES[0]);
  return (
    <ActionDialog
      title={t('moderation.muteTitle', { name: post.name })}
      titleSx={{ overflowWrap: 'anywhere' }}
      confirm={t('moderation.muteConfirm')}
      mutation={muteStudent}
      onConfirm={() =>
        muteStudent.mutate(
          { user: post.userId, minutes },
          {
            onSuccess: (mute) =>
              onDone(
                t('moderation.mutedDone', { name: post.name, time: boardTime(mute.mutedUntil) }),
              ),
          },
        )
      }
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('moderation.muteText', { name: post.name })}
      </DialogContentText>
      <TextField
        select
        label={t('moderation.duration')}
        value={minutes}
        onChange={(event) => setMinutes(Number(event.target.value))}
        fullWidth
        autoFocus
      >
        {CLASSROOM_MUTE_CHOICES.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`moderation.durations.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}

/** The teacher's panel: reported messages with their actions, and the students muted now. */
export function ModerationPanel({
  classroomId,
  teacherId,
  onChoose,
}: {
  classroomId: number;
  teacherId: number;
  onChoose: (action: ModerationAction) => void;
}) {
  const { t } = useTranslation('board');
  const boardTime = useBoardTime();
  const reports = useClassroomReports(classroomId, true);
  useClassroomReportsLive(classroomId);
  const mutes = useClassroomMutes(classroomId, true);
  const dismiss = useDismissReports(classroomId);
  const lift = useLiftMute(classroomId);
  const headingId = useId();
  const mutesHeadingId = useId();
  const reported = reports.data ?? [];
  const muted = mutes.data ?? [];
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('moderation.reportsTitle')}
        </Typography>
        {reports.isError && <Alert severity="error">{boardErrorText(reports.error)}</Alert>}
        {reports.isSuccess && reported.length === 0 && (
          <Typography color="text.secondary">{t('moderation.reportsEmpty')}</Typography>
        )}
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {reported.map((entry) => (
            <Paper component="li" key={entry.post.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {entry.post.name}{' '}
                <Chip
                  size="small"
                  color="warning"
                  label={t('moderation.reportsCount', { count: entry.reports })}
                />
              </Typography>
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}
              >
                {entry.post.message}
              </Typography>
              {entry.reasons.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {t('moderation.reasons')}: {entry.reasons.join(' · ')}
                </Typography>
              )}
              <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onChoose({ kind: 'delete', post: entry.post })}
                >
                  {t('moderation.deletePost')}
                </Button>
                <Button
                  size="small"
                  disabled={dismiss.isPending}
                  onClick={() => dismiss.mutate(entry.post.id)}
                >
                  {t('moderation.dismiss')}
                </Button>
                {entry.post.userId !== teacherId && (
                  <Button size="small" onClick={() => onChoose({ kind: 'mute', post: entry.post })}>
                    {t('moderation.mute')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Box>
      {muted.length > 0 && (
        <Box component="section" aria-labelledby={mutesHeadingId}>
          <Typography id={mutesHeadingId} variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('moderation.mutesTitle')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {muted.map((mute) => (
              <Box
                component="li"
                key={mute.userId}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('moderation.mutedUntil', {
                    name: mute.name,
                    time: boardTime(mute.mutedUntil),
                  })}
                </Typography>
                <Button
                  size="small"
                  disabled={lift.isPending}
                  onClick={() => lift.mutate(mute.userId)}
                >
                  {t('moderation.unmute', { name: mute.name })}
                </Button>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
