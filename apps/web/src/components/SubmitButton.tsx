import Button from '@mui/material/Button';

/** A form's full-width submit button, disabled and saying so while the form is sent. */
export function SubmitButton({
  submitting,
  label,
  busyLabel,
  marginTop = 3,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
  marginTop?: number;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={submitting}
      sx={{ mt: marginTop }}
    >
      {submitting ? busyLabel : label}
    </Button>
  );
}
