import Button from '@mui/material/Button';
import { useFormState } from 'react-hook-form';

/**
 * The form's full-width submit button: disabled and saying so while the form is sent, and,
 * when asked (spec section 5's contact forms), while the form is incomplete or invalid.
 */
export function SubmitButton({
  label,
  busyLabel,
  disableWhileIncomplete = false,
  disabled = false,
  marginTop = 3,
}: {
  label: string;
  busyLabel: string;
  disableWhileIncomplete?: boolean;
  /** Another reason to hold the form (such as the human check not done yet). */
  disabled?: boolean;
  marginTop?: number;
}) {
  const { isSubmitting, isValid } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled || isSubmitting || (disableWhileIncomplete && !isValid)}
      sx={{ mt: marginTop }}
    >
      {isSubmitting ? busyLabel : label}
    </Button>
  );
}
