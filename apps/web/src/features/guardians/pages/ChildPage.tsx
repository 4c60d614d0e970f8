import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ChildSummary } from '@bullpen/contract/guardians';
import { api, HOME_PATH } from '@bullpen/contract/routes';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataExportStatus, useDataExport } from '@/components/DataExport.tsx';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useChildSummary,
  useRequestChildDeletion,
  useStopFollowing,
} from '../api/guardians-api.ts';
import { guardianMessageSources } from '../components/guardian-messages.ts';
import { useChildUpdates } from '../hooks/use-child-updates.ts';

const say = (text: string) => translateMessage(text, guardianMessageSources);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Heading id={id}>{title}</Heading>
      {children}
    </Paper>
  );
}

function Summary({ summary }: { summary: ChildSummary }) {
  const { t } = useTranslation('guardians');
  const format = useFormatters();
  const empty = (text: string) => <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>;
  return (
    <>
      <Section id="child-lessons-done" title={t('child.lessonsDone.title')}>
        {summary.lessons_done.length === 0 ? (
          empty(t('child.lessonsDone.empty'))
        ) : (
          <List dense>
            {summary.lessons_done.map((line) => (
              <ListItem key={line.lesson_id} disableGutters>
                <ListItemText
                  primary={line.title}
                  secondary={t('child.lessonsDone.line', {
                    course: line.course,
                    best: line.best_percent,
                    first: line.first_percent ?? line.best_percent,
                    attempts: line.attempts,
                    date: format.dateTime(line.completed_at),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="child-lessons-due" title={t('child.lessonsDue.title')}>
        {summary.lessons_due.length === 0 ? (
          empty(t('child.lessonsDue.empty'))
        ) : (
          <List dense>
            {summary.lessons_due.map((line) => (
              <ListItem key={line.lesson_id} disableGutters>
                <ListItemText
                  primary={line.title}
                  secondary={t('child.lessonsDue.line', {
                    course: line.course,
                    date: format.dateTime(line.due_at),
                  })}
                />
                {line.overdue && (
                  <Chip size="small" color="warning" label={t('child.lessonsDue.overdue')} />
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="child-points" title={t('child.points.title')}>
        <Typography sx={{ mb: 1 }} data-testid="child-points">
          {t('child.points.available', { points: format.number(summary.points.available) })}
        </Typography>
        {summary.points.history.length > 0 && (
          <List dense aria-label={t('child.points.history')}>
            {summary.points.history.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText
                  primary={t('child.points.entry', {
                    points: `${entry.points > 0 ? '+' : ''}${format.number(entry.points)}`,
                  })}
                  secondary={format.dateTime(entry.created_at)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="child-certificates" title={t('child.certificates.title')}>
        {summary.certificates.length === 0 ? (
          empty(t('child.certificates.empty'))
        ) : (
          <List dense>
            {summary.certificates.map((certificate) => (
              <ListItem key={certificate.code} disableGutters>
                <ListItemText
                  primary={certificate.course}
                  secondary={format.dateTime(certificate.granted_at)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="child-contests" title={t('child.contests.title')}>
        {summary.contests.length === 0 ? (
          empty(t('child.contests.empty'))
        ) : (
          <List dense>
            {summary.contests.map((line) => (
              <ListItem key={line.contest_id} disableGutters>
                <ListItemText
                  primary={line.name}
                  secondary={t('child.contests.line', {
                    rank: line.rank ?? '—',
                    players: line.players,
                    value: format.cents(line.value_cents),
                    change: format.signedCents(line.change_cents),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      {summary.resume_comments && (
        <Section id="child-resume-comments" title={t('child.resumeComments.title')}>
          {summary.resume_comments.length === 0 ? (
            empty(t('child.resumeComments.empty'))
          ) : (
            <List dense>
              {summary.resume_comments.map((comment, index) => (
                <ListItem key={index} disableGutters>
                  <ListItemText
                    primary={comment.message}
                    secondary={`${comment.author} · ${format.dateTime(comment.created_at)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
      )}
    </>
  );
}

/** The guardian's requests about the child's data, and stopping to follow. */
function Actions({ childId, name }: { childId: number; name: string }) {
  const { t } = useTranslation('guardians');
  const navigate = useNavigate();
  const exporting = useDataExport(api.guardianChildExport.build({ id: childId }));
  const deletion = useRequestChildDeletion(childId);
  const stop = useStopFollowing(childId);
  const [confirm, setConfirm] = useState<'stop' | 'delete' | null>(null);
  const busyExport = exporting.start.isPending || exporting.job?.status === 'pending';
  return (
    <Section id="child-actions" title={t('child.actions.title')}>
      <Typography sx={{ mb: 2 }}>{t('child.actions.rights', { name })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="outlined" disabled={busyExport} onClick={() => exporting.start.mutate()}>
          {t('child.actions.export')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
          {t('child.actions.delete')}
        </Button>
        <Button variant="outlined" onClick={() => setConfirm('stop')}>
          {t('child.actions.stop')}
        </Button>
      </Box>
      <DataExportStatus job={exporting.job} error={exporting.error} />
      {deletion.isSuccess && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {deletion.data.status === 'scheduled'
            ? t('child.actions.deletionScheduled')
            : t('child.actions.deletionAwaitingSchool')}
        </Alert>
      )}
      <ConfirmDialog
        open={confirm === 'stop'}
        title={t('child.actions.stopTitle', { name })}
        text={t('child.actions.stopText', { name })}
        confirmLabel={t('child.actions.stop')}
        busy={stop.isPending}
        error={stop.isError ? say(errorText(stop.error)) : null}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          stop.mutate(undefined, {
            onSuccess: () => navigate(HOME_PATH, { replace: true }),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('child.actions.deleteTitle', { name })}
        text={t('child.actions.deleteText', { name })}
        confirmLabel={t('child.actions.delete')}
        danger
        busy={deletion.isPending}
        error={deletion.isError ? say(errorText(deletion.error)) : null}
        onClose={() => setConfirm(null)}
        onConfirm={() => deletion.mutate(undefined, { onSuccess: () => setConfirm(null) })}
      />
    </Section>
  );
}

/**
 * `/guardian/children/{id}`: what a guardian sees of one child they follow, read-only. A child
 * they do not follow (or no longer) is "not found", like one that does not exist.
 */
export function ChildPage() {
  const { t } = useTranslation('guardians');
  const id = Number(useParams().id);
  const summary = useChildSummary(id);
  // Only once the server has answered that the child is followed.
  useChildUpdates(summary.isSuccess ? id : undefined);
  const name = summary.data ? summary.data.child.first_name : '';
  useDocumentTitle(name ? t('child.documentTitle', { name }) : t('child.pageTitle'));
  if (summary.isPending) return <PageLoader />;
  if (summary.isError) {
    return (
      <PageContainer maxWidth={880}>
        <Heading level={1}>{t('child.pageTitle')}</Heading>
        <Alert severity="error">{say(errorText(summary.error))}</Alert>
      </PageContainer>
    );
  }
  const { child } = summary.data;
  return (
    <PageContainer maxWidth={880}>
      <Heading level={1}>{`${child.first_name} ${child.last_name}`}</Heading>
      <Typography sx={{ mb: 2 }}>{t('child.lead', { name: child.first_name })}</Typography>
      <Summary summary={summary.data} />
      <Actions childId={child.id} name={child.first_name} />
    </PageContainer>
  );
}

export const Component = ChildPage;
