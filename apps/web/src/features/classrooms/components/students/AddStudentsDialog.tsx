import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  addStudentAccountsSchema,
  MAX_STUDENTS_PER_PASTE,
  type StudentCredentials,
} from '@bullpen/contract/classrooms';
import { errorText } from '@/lib/api-client.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { parseStudentNames, useAddStudentAccounts } from '../../api/classrooms-api.ts';

const sources = ['classrooms:serverMessages', 'validation'] as const;

/** Problems of the pasted list, one line each, before anything is sent. */
function useProblems(text: string) {
  const { t } = useTranslation('classrooms');
  return useMemo(() => {
    const students = parseStudentNames(text);
    const problems: string[] = [];
    if (students.length === 0) problems.push(t('add.none'));
    if (students.length > MAX_STUDENTS_PER_PASTE) {
      problems.push(t('add.tooMany', { max: MAX_STUDENTS_PER_PASTE }));
    }
    const parsed = addStudentAccountsSchema.safeParse({ students });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        if (typeof index !== 'number') continue;
        const problem =
          field === 'last_name' && students[index]?.last_name === ''
            ? t('add.missingLast')
            : translateMessage(issue.message, sources);
        problems.push(t('add.lineProblem', { line: index + 1, problem }));
      }
    }
    return { students, problems: [...new Set(problems)] };
  }, [text, t]);
}

/** Students without email: names pasted one per line become accounts with login cards. */
export function AddStudentsDialog({
  classroomId,
  open,
  onClose,
  onCreated,
}: {
  classroomId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (students: StudentCredentials[]) => void;
}) {
  const { t } = useTranslation('classrooms');
  const titleId = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddStudentAccounts(classroomId);
  const { students, problems } = useProblems(text);

  const close = () => {
    setText('');
    setTouched(false);
    setServerError(null);
    onClose();
  };

  const send = async () => {
    setTouched(true);
    setServerError(null);
    if (problems.length > 0) return;
    try {
      const result = await add.mutateAsync({ students });
      setText('');
      setTouched(false);
      onCreated(result.students);
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  const showProblems = touched && problems.length > 0;
  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1, color: 'text.secondary' }}>{t('add.intro')}</Typography>
        {serverError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverError}
          </Alert>
        )}
        <TextField
          id="student-names"
          label={t('add.names')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(text.trim() !== '')}
          multiline
          minRows={6}
          fullWidth
          autoComplete="off"
          error={showProblems}
          helperText={
            showProblems ? problems.join(' ') : t('add.count', { count: students.length })
          }
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={add.isPending}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={add.isPending}>
          {add.isPending ? t('add.submitting') : t('add.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
