import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { Classroom } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { DebouncedSearchField } from '@/components/DebouncedSearchField.tsx';
import { ListCard, cardGridClass } from '@/components/ListCard.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { MY_CLASSROOMS_PAGE_SIZE, useMyClassrooms } from '../api/classrooms-api.ts';

function ClassroomCard({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  const format = useFormatters();
  const teacherName = `${classroom.teacher.first_name} ${classroom.teacher.last_name}`.trim();
  return (
    <ListCard
      title={classroom.name}
      to={classroomPaths.classroom(classroom.id)}
      heading="h2"
      chips={
        <>
          <Chip
            size="small"
            color={classroom.role === 'teacher' ? 'primary' : 'default'}
            label={t(classroom.role === 'teacher' ? 'mine.teacher' : 'mine.student')}
          />
          {classroom.frozen && <Chip size="small" color="warning" label={t('mine.frozen')} />}
        </>
      }
      actions={
        <Button
          component={RouterLink}
          to={classroomPaths.classroom(classroom.id)}
          variant="outlined"
          aria-label={t('mine.openLabel', { name: classroom.name })}
        >
          {t('mine.open')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {classroom.role === 'student' ? `${t('mine.taughtBy', { name: teacherName })} · ` : ''}
        {t('mine.students', { count: classroom.students_count })}
      </Typography>
      <Typography variant="body2">
        {classroom.next_due_lesson
          ? t('mine.nextDue', {
              title: classroom.next_due_lesson.title,
              due: format.dateTime(classroom.next_due_lesson.due_at),
            })
          : t('mine.noneDue')}
      </Typography>
    </ListCard>
  );
}

/** /my-classrooms: the classes I teach or joined, as cards, with search. */
export function MyClassroomsPage() {
  const { t } = useTranslation('classrooms');
  useDocumentTitle(t('mine.title'));
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const classrooms = useMyClassrooms(search, page);
  const paginationLabels = usePaginationLabels();
  const isTeacher = user?.is_teacher === true;
  const results = classrooms.data?.results ?? [];

  const actions = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {isTeacher && (
        <Button component={RouterLink} to={classroomPaths.create} variant="contained">
          {t('mine.create')}
        </Button>
      )}
      <Button
        component={RouterLink}
        to={classroomPaths.join}
        variant={isTeacher ? 'outlined' : 'contained'}
      >
        {t('mine.join')}
      </Button>
    </Box>
  );

  return (
    <PageContainer>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Typography variant="h1">{t('mine.title')}</Typography>
        {actions}
      </Box>
      <DebouncedSearchField
        label={t('mine.search')}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        sx={{ mb: 3, width: '100%', maxWidth: 420 }}
      />
      {classrooms.isPending ? (
        <Typography role="status">{t('mine.loading')}</Typography>
      ) : classrooms.isError ? (
        <Alert severity="error">{errorText(classrooms.error)}</Alert>
      ) : results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 2 }}>
          <Typography sx={{ mb: search ? 0 : 2 }}>
            {search
              ? t('mine.noMatch', { search })
              : t(isTeacher ? 'mine.emptyTeacher' : 'mine.emptyStudent')}
          </Typography>
          {!search && actions}
        </Paper>
      ) : (
        <>
          <ul aria-label={t('mine.title')} className={cardGridClass}>
            {results.map((classroom) => (
              <ClassroomCard key={classroom.id} classroom={classroom} />
            ))}
          </ul>
          {(classrooms.data?.count ?? 0) > MY_CLASSROOMS_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={classrooms.data?.count ?? 0}
              page={page - 1}
              rowsPerPage={MY_CLASSROOMS_PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_event, next) => setPage(next + 1)}
              {...paginationLabels}
            />
          )}
        </>
      )}
    </PageContainer>
  );
}

export const Component = MyClassroomsPage;
