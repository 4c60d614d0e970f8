import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  RosterApplyResult,
  RosterFormat,
  RosterPlan,
  RosterUploadInput,
} from '@bullpen/contract/rosters';
import { LoginCards } from '../components/students/LoginCards.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { uploadOf, useApplyRoster, usePreviewRoster } from '../api/rosters-api.ts';

/** The server's problems as lines: the `files` list of a 400, or the message of any other. */
function problemLines(error: unknown): string[] {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    const lines = Object.values(fields).flat();
    if (lines.length > 0) return lines;
  }
  return [errorText(error)];
}

/**
 * Rosters in (docs/features.md, "Rosters"): staff upload the school's OneRoster 1.2 export (a
 * zip or its CSV files), a teacher the same for their classes or a Google Classroom roster for
 * one class (`?classroom=<id>`). The preview says what would change and every problem by file
 * and line; Apply does it in one go and shows the new accounts' login cards once.
 */
export function RosterImportPage() {
  const { t } = useTranslation('rosters');
  useDocumentTitle(t('title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  const classroomParam = Number(params.get('classroom'));
  const classroomId =
    Number.isInteger(classroomParam) && classroomParam > 0 ? classroomParam : undefined;
  const [format, setFormat] = useState<RosterFormat>('oneroster');
  const [files, setFiles] = useState<File[]>([]);
  const [upload, setUpload] = useState<RosterUploadInput | null>(null);
  const [showCards, setShowCards] = useState(false);
  const preview = usePreviewRoster();
  const apply = useApplyRoster();
  const fileInputId = useId();
  const allowed = Boolean(user?.is_staff || user?.is_teacher);

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setUpload(null);
    preview.reset();
    apply.reset();
  };

  const runPreview = async () => {
    const body = await uploadOf(format, files, classroomId);
    setUpload(body);
    apply.reset();
    preview.mutate(body);
  };

  const plan: RosterPlan | RosterApplyResult | undefined = apply.data ?? preview.data;

  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      {!allowed ? (
        <Alert severity="warning">{t('forbidden')}</Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>
            {user?.is_staff ? t('leadStaff') : t('leadTeacher')}
          </Typography>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void runPreview();
            }}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3, maxWidth: 560 }}
          >
            <TextField
              id="roster-format"
              select
              size="small"
              label={t('format')}
              value={format}
              onChange={(event) => {
                setFormat(event.target.value as RosterFormat);
                choose([]);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="oneroster">{t('formats.oneroster')}</option>
              {classroomId !== undefined ? (
                <option value="google_classroom">{t('formats.google_classroom')}</option>
              ) : null}
            </TextField>
            <Box>
              <Typography component="label" htmlFor={fileInputId} sx={{ display: 'block', mb: 1 }}>
                {format === 'oneroster' ? t('filesOneRoster') : t('filesGoogle')}
              </Typography>
              <input
                id={fileInputId}
                type="file"
                accept=".csv,.zip,text/csv,application/zip"
                multiple={format === 'oneroster'}
                onChange={(event) => choose([...(event.target.files ?? [])])}
              />
            </Box>
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={files.length === 0 || preview.isPending}
              >
                {preview.isPending ? t('previewing') : t('preview')}
              </Button>
            </Box>
          </Box>

          {preview.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              <Typography>{t('errors')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {problemLines(preview.error).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </Alert>
          ) : null}

          {plan ? (
            <Box component="section" aria-labelledby="roster-plan-title">
              <Typography id="roster-plan-title" variant="h5" component="h2" gutterBottom>
                {apply.data ? t('appliedTitle') : t('planTitle')}
              </Typography>
              <ScrollArrowsTable label={t('summaryTable')} rowCount={3}>
                <Table size="small" aria-label={t('summaryTable')}>
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        {t('what')}
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        {t('create')}
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        {t('update')}
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        {t('unchanged')}
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        {t('other')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        {t('classes')}
                      </TableCell>
                      <TableCell align="right">{plan.classes.create}</TableCell>
                      <TableCell align="right">{plan.classes.update}</TableCell>
                      <TableCell align="right">{plan.classes.unchanged}</TableCell>
                      <TableCell align="right">
                        {t('teachersMissing', { count: plan.teachers.missing })}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        {t('teachers')}
                      </TableCell>
                      <TableCell align="right">{plan.teachers.create}</TableCell>
                      <TableCell align="right">{plan.teachers.update}</TableCell>
                      <TableCell align="right">{plan.teachers.unchanged}</TableCell>
                      <TableCell align="right">
                        {t('teachersMade', { count: plan.teachers.create })}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        {t('students')}
                      </TableCell>
                      <TableCell align="right">{plan.students.create}</TableCell>
                      <TableCell align="right">{plan.students.update}</TableCell>
                      <TableCell align="right">{plan.students.unchanged}</TableCell>
                      <TableCell align="right">
                        {t('invited', { count: plan.students.invite })}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        {t('enrolments')}
                      </TableCell>
                      <TableCell align="right">{plan.enrolments.add}</TableCell>
                      <TableCell align="right">—</TableCell>
                      <TableCell align="right">{plan.enrolments.unchanged}</TableCell>
                      <TableCell align="right">
                        {t('removed', { count: plan.enrolments.remove })}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </ScrollArrowsTable>

              {plan.problems_count > 0 ? (
                <Alert severity="warning" sx={{ my: 2 }}>
                  <Typography>{t('problems', { count: plan.problems_count })}</Typography>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {plan.problems.map((problem) => (
                      <li key={`${problem.file}:${problem.line}:${problem.message}`}>
                        {problem.line > 0
                          ? t('problemAt', { file: problem.file, line: problem.line })
                          : problem.file}
                        {': '}
                        {problem.message}
                      </li>
                    ))}
                  </Box>
                </Alert>
              ) : null}

              {apply.data ? (
                <Alert severity="success" sx={{ my: 2 }}>
                  <Typography>{t('applied', { count: apply.data.credentials.length })}</Typography>
                  {apply.data.credentials.length > 0 ? (
                    <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setShowCards(true)}>
                      {t('loginCards')}
                    </Button>
                  ) : null}
                </Alert>
              ) : (
                <Box sx={{ my: 2 }}>
                  <Button
                    variant="contained"
                    color="primary"
                    disabled={!upload || apply.isPending}
                    onClick={() => upload && apply.mutate(upload)}
                  >
                    {apply.isPending ? t('applying') : t('apply')}
                  </Button>
                </Box>
              )}
              {apply.isError ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {problemLines(apply.error).join(' ')}
                </Alert>
              ) : null}
            </Box>
          ) : null}
          {showCards && apply.data ? (
            <LoginCards
              classroomName={t('cardsClass')}
              students={apply.data.credentials}
              onClose={() => setShowCards(false)}
            />
          ) : null}
        </>
      )}
    </PageContainer>
  );
}

export const Component = RosterImportPage;
