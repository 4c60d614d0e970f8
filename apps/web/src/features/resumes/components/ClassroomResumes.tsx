import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { Classroom } from '@bullpen/contract/classrooms';
import {
  RESUME_LIMITS,
  resumeBodySchema,
  type Resume,
  type ResumeBodyInput,
} from '@bullpen/contract/resumes';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { RichTextField } from '@/components/form/RichTextField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useResume, useResumes, useSaveResume } from '../api/resumes-api.ts';
import { ResumeComments, resumeMessageSources } from './ResumeComments.tsx';
import { ResumeView } from './ResumeView.tsx';

const EMPTY: ResumeBodyInput = { summary: '', education: '', experience: '', skills: '' };

function ResumeEditor({ classroom, resume }: { classroom: Classroom; resume: Resume | null }) {
  const { t } = useTranslation('resumes');
  const notify = useNotify();
  const save = useSaveResume(classroom.id);
  const form = useZodForm(resumeBodySchema, {
    defaultValues: resume
      ? {
          summary: resume.summary,
          education: resume.education,
          experience: resume.experience,
          skills: resume.skills,
        }
      : EMPTY,
    messages: resumeMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync(values);
    notify(t('mine.saved'), 'success');
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('mine.title')}>
      <FormAlert />
      <RichTextField
        name="summary"
        label={t('fields.summary')}
        max={RESUME_LIMITS.summary.max}
        hint={t('hints.summary')}
      />
      <RichTextField
        name="education"
        label={t('fields.education')}
        max={RESUME_LIMITS.education.max}
        hint={t('hints.education')}
      />
      <RichTextField
        name="experience"
        label={t('fields.experience')}
        max={RESUME_LIMITS.experience.max}
        hint={t('hints.experience')}
        required={false}
      />
      <RichTextField
        name="skills"
        label={t('fields.skills')}
        max={RESUME_LIMITS.skills.max}
        hint={t('hints.skills')}
      />
      <SubmitButton label={t('mine.save')} busyLabel={t('mine.saving')} marginTop={1} />
    </Form>
  );
}

/** A student's own résumé in the class: the editor (or, while frozen, the résumé) and its thread. */
function StudentResume({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('resumes');
  const headingId = useId();
  const list = useResumes(classroom.id);
  const resume = list.data?.results[0] ?? null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('mine.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('mine.intro')}</Typography>
      {list.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : list.isError ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : classroom.frozen ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('mine.frozen')}
          </Alert>
          {resume ? <ResumeView resume={resume} /> : null}
        </>
      ) : (
        // Keyed by the résumé's id: the form starts again from what was saved.
        <ResumeEditor key={resume?.id ?? 'new'} classroom={classroom} resume={resume} />
      )}
      {resume ? (
        <ResumeComments
          classroomId={classroom.id}
          resumeId={resume.id}
          canWrite={!classroom.frozen}
          viewerIsTeacher={false}
        />
      ) : null}
    </Box>
  );
}

function authorName(resume: Resume): string {
  const name = [resume.author.first_name, resume.author.last_name].filter(Boolean).join(' ');
  return name || resume.author.username;
}

/** One student's résumé as the teacher reads it, with the thread. */
function TeacherResume({
  classroom,
  resumeId,
  onBack,
}: {
  classroom: Classroom;
  resumeId: number;
  onBack: () => void;
}) {
  const { t } = useTranslation('resumes');
  const resume = useResume(classroom.id, resumeId);
  return (
    <Box>
      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 1 }}>
        {t('teacher.back')}
      </Button>
      {resume.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : resume.isError ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : (
        <>
          <Typography variant="h3" sx={{ fontSize: '1.35rem', mb: 2 }}>
            {t('teacher.resumeOf', { name: authorName(resume.data) })}
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <ResumeView resume={resume.data} />
          </Paper>
          <ResumeComments
            classroomId={classroom.id}
            resumeId={resumeId}
            canWrite={!classroom.frozen}
            viewerIsTeacher
          />
        </>
      )}
    </Box>
  );
}

/** The teacher's list of the class's résumés; one opens to read and comment. */
function TeacherResumes({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('resumes');
  const format = useFormatters();
  const headingId = useId();
  const list = useResumes(classroom.id);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('title')}
      </Typography>
      {open !== null ? (
        <TeacherResume classroom={classroom} resumeId={open} onBack={() => setOpen(null)} />
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('teacher.intro')}</Typography>
          {list.isPending ? (
            <CircularProgress aria-label={t('loading')} />
          ) : list.isError ? (
            <Alert severity="error">{t('loadError')}</Alert>
          ) : list.data.results.length === 0 ? (
            <Typography>{t('teacher.empty')}</Typography>
          ) : (
            <Paper variant="outlined">
              <List disablePadding aria-labelledby={headingId}>
                {list.data.results.map((resume) => (
                  <ListItemButton
                    key={resume.id}
                    divider
                    onClick={() => setOpen(resume.id)}
                    aria-label={t('teacher.open', { name: authorName(resume) })}
                  >
                    <ListItemText
                      primary={authorName(resume)}
                      secondary={`${t('teacher.updated', {
                        date: format.dateTime(resume.updated_at),
                      })} · ${t('teacher.comments', { count: resume.comments_count })}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}

/** The class's résumés section: the teacher reads and comments, a student writes their own. */
export function ClassroomResumes({ classroom }: { classroom: Classroom }) {
  return classroom.role === 'teacher' ? (
    <TeacherResumes classroom={classroom} />
  ) : (
    <StudentResume classroom={classroom} />
  );
}
