import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { Classroom } from '@bullpen/contract/classrooms';
import { CHAT_MESSAGE_MAX } from '@bullpen/contract/constants';
import { mutedUntilOf, type ClassroomPost } from '@bullpen/contract/classroom-posts';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import {
  useClassroomPosts,
  useClassroomPostsLive,
  useSendClassroomPost,
} from '../../api/posts-api.ts';
import { useClassroomReports, useRefreshBoard } from '../../api/moderation-api.ts';
import {
  type ModerationAction,
  ModerationDialog,
  ModerationPanel,
  PostMenu,
  boardErrorText,
  postActions,
  useBoardTime,
} from './BoardModeration.tsx';

/** Within this distance of the bottom, a new message scrolls the log down to it. */
const STICK_TO_BOTTOM_PX = 80;

function PostBubble({
  post,
  mine,
  reported,
  menu,
}: {
  post: ClassroomPost;
  mine: boolean;
  reported: boolean;
  menu: ReactNode;
}) {
  const { t } = useTranslation('board');
  const boardTime = useBoardTime();
  // An erased account's posts come without a name (users/deletion.ts on the server).
  const name = post.name || t('formerStudent');
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
    >
      <Box
        component="article"
        aria-label={t(mine ? 'ownMessageLabel' : 'messageLabel', { name })}
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'grey.200',
          color: mine ? 'primary.contrastText' : 'text.primary',
          minWidth: 0,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between' }}>
          {/* A div: the "Reported" chip is one, and a <p> cannot hold it. */}
          <Typography component="div" variant="subtitle2" sx={{ fontWeight: 700, minWidth: 0 }}>
            {mine ? t('you', { name }) : name}
            {reported && (
              <Chip
                size="small"
                color="warning"
                label={t('moderation.reportedMarker')}
                sx={{ ml: 1, height: 20 }}
              />
            )}
          </Typography>
          {menu}
        </Box>
        <Typography
          component="p"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {post.message}
        </Typography>
        <Typography component="p" variant="caption" sx={{ display: 'block', mt: 0.5 }}>
          {t('sentAt')} <time dateTime={post.createdAt}>{boardTime(post.createdAt)}</time>
        </Typography>
      </Box>
    </Box>
  );
}

function Composer({ classroom, mutedUntil }: { classroom: Classroom; mutedUntil: string | null }) {
  const { t } = useTranslation('board');
  const boardTime = useBoardTime();
  const send = useSendClassroomPost(classroom.id);
  const refreshBoard = useRefreshBoard(classroom.id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const hintId = useId();
  const counterId = useId();
  const frozenId = useId();
  const mutedUntilNow = [mutedUntil, refusedUntil].find(
    (until): until is string => until !== null && Date.parse(until) > Date.now(),
  );
  const frozen = classroom.frozen || mutedUntilNow !== undefined;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = message.trim();
    if (frozen || send.isPending) return;
    if (!text) {
      setError(t('serverMessages.empty'));
      return;
    }
    setError(null);
    send.mutate(text, {
      onSuccess: () => setMessage(''),
      onError: (failure) => {
        // Muted meanwhile: the notice says until when, and the board learns it too.
        const until = failure instanceof ApiError ? mutedUntilOf(failure.message) : null;
        if (until) {
          setRefusedUntil(until);
          void refreshBoard();
          return;
        }
        setError(boardErrorText(failure));
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
      {classroom.frozen ? (
        <Alert id={frozenId} severity="info" sx={{ mb: 1.5 }}>
          {t('frozen')}
        </Alert>
      ) : (
        mutedUntilNow && (
          <Alert id={frozenId} severity="warning" sx={{ mb: 1.5 }}>
            {t('moderation.youAreMuted', { time: boardTime(mutedUntilNow) })}
          </Alert>
        )
      )}
      <TextField
        label={t('inputLabel')}
        placeholder={t('inputPlaceholder')}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value.slice(0, CHAT_MESSAGE_MAX));
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        error={error !== null}
        disabled={frozen}
        slotProps={{
          htmlInput: {
            maxLength: CHAT_MESSAGE_MAX,
            'aria-describedby': frozen ? frozenId : `${hintId} ${counterId}`,
          },
        }}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 0.5, alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          {error && (
            <Typography role="alert" variant="body2" color="error" sx={{ mb: 0.5 }}>
              {error}
            </Typography>
          )}
          <Typography id={hintId} variant="caption" color="text.secondary">
            {t('hint')}
          </Typography>
        </Box>
        <Typography
          id={counterId}
          variant="caption"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('counter', { length: message.length, max: CHAT_MESSAGE_MAX })}
        </Typography>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          endIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          disabled={frozen || send.isPending}
        >
          {t('send')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The class's discussion board (spec section 2): the newest messages first, older ones on
 * demand, new ones live from the class's channel. Own messages on the right in blue, others
 * on the left in grey, each with its author and when it was sent. Each message has a menu of
 * what the viewer may do to it (delete, report, mute its author); the teacher also sees the
 * reported messages and the students muted now.
 */
export function DiscussionBoard({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('board');
  const { user } = useSession();
  const board = useClassroomPosts(classroom.id);
  useClassroomPostsLive(classroom.id);
  const teacher = classroom.role === 'teacher';
  const reports = useClassroomReports(classroom.id, teacher);
  const reportedIds = new Set((reports.data ?? []).map((entry) => entry.post.id));
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const viewer = { id: user?.id, teacher, teacherId: classroom.teacher.id };
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const posts = board.data ? [...board.data.pages].reverse().flatMap((page) => page.results) : [];
  const oldestId = posts[0]?.id;
  const newestId = posts.at(-1)?.id;
  const newestMine = posts.at(-1)?.userId === user?.id;

  // Older messages go above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || heightBeforeOlder.current === null) return;
    log.scrollTop += log.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldestId]);

  // A new message (or the first load) scrolls down to it, unless the reader scrolled up.
  useEffect(() => {
    const log = logRef.current;
    if (log && (nearBottom.current || newestMine)) log.scrollTop = log.scrollHeight;
  }, [newestId, newestMine]);

  const loadOlder = () => {
    heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
    void board.fetchNextPage();
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('title')}
      </Typography>
      {teacher && (
        <ModerationPanel
          classroomId={classroom.id}
          teacherId={classroom.teacher.id}
          onChoose={setAction}
        />
      )}
      {board.isError && !board.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void board.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {boardErrorText(board.error)}
        </Alert>
      )}
      {board.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <Button onClick={loadOlder} disabled={board.isFetchingNextPage} size="small">
            {board.isFetchingNextPage ? t('loadingOlder') : t('loadOlder')}
          </Button>
        </Box>
      )}
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('logLabel')}
        aria-busy={board.isPending}
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          nearBottom.current =
            log.scrollHeight - log.scrollTop - log.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        sx={{
          height: { xs: 360, md: 440 },
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          p: { xs: 1, sm: 1.5 },
          bgcolor: 'background.paper',
        }}
      >
        {board.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        ) : posts.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('empty')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ m: 0, p: 0 }}>
            {posts.map((post) => (
              <PostBubble
                key={post.id}
                post={post}
                mine={post.userId === user?.id}
                reported={reportedIds.has(post.id)}
                menu={
                  <PostMenu
                    post={post}
                    actions={postActions(post, viewer)}
                    onChoose={setAction}
                    light={post.userId === user?.id}
                  />
                }
              />
            ))}
          </Stack>
        )}
      </Box>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mt: 1.5 }}>
          {notice}
        </Alert>
      )}
      <Composer classroom={classroom} mutedUntil={board.data?.pages[0]?.mutedUntil ?? null} />
      <ModerationDialog
        classroomId={classroom.id}
        action={action}
        onClose={() => setAction(null)}
        onDone={(done) => {
          setAction(null);
          setNotice(done);
        }}
      />
    </Box>
  );
}
