import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@bullpen/contract/routes';
import { DataExportStatus, useDataExport } from '@/components/DataExport.tsx';

/**
 * The teacher's export of one student's data (a family's request through the school): it
 * starts when the dialog opens and offers the files when they are ready.
 */
export function StudentExportDialog({
  classroomId,
  student,
  onClose,
}: {
  classroomId: number;
  student: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('classrooms');
  const { t: tCommon } = useTranslation('common');
  const { start, job, error } = useDataExport(
    api.classroomStudentExport.build({ id: classroomId, userId: student.id }),
  );
  const { mutate } = start;
  useEffect(() => {
    mutate();
  }, [mutate]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="student-export-title" fullWidth maxWidth="sm">
      <DialogTitle id="student-export-title">
        {t('students.exportTitle', { name: student.name })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">{t('students.exportText')}</Typography>
        <DataExportStatus job={job} error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tCommon('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
