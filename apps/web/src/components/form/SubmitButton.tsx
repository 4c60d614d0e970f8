import { useFormState } from 'react-hook-form';
import { ActionButton } from '../ActionButton.tsx';
import styles from './SubmitButton.module.css';

/**
 * The form's full-width submit button: disabled and saying so while the form is sent, and,
 * when asked (spec section 5's contact forms), while the form is incomplete or invalid. MUI's
 * large contained Button, drawn with static CSS (decision 020).
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
  /** In MUI's spacing units (8 px). */
  marginTop?: number;
}) {
  const state = useFormState();
  // Read only when asked for: reading `isValid` makes react-hook-form run the rules at once,
  // which would fetch them with the page (use-zod-form.ts).
  const incomplete = disableWhileIncomplete ? !state.isValid : false;
  const { isSubmitting } = state;
  return (
    <ActionButton
      type="submit"
      variant="contained"
      size="large"
      className={styles.fullWidth}
      style={{ marginTop: marginTop * 8 }}
      disabled={disabled || isSubmitting || incomplete}
    >
      {isSubmitting ? busyLabel : label}
    </ActionButton>
  );
}
