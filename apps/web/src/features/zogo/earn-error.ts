import { ApiError, errorText } from '@/lib/api-client.ts';
import { translateMessage } from '@/lib/translate-message.ts';

/**
 * An error from a learn-and-earn call, in the reader's language. A field's message (the
 * expired `zogo_token`, a missing answer) reads without the field's name: the student did not
 * type that field.
 */
export function earnErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = Object.values(error.fieldErrors).flat();
    if (messages.length > 0) {
      return messages
        .map((message) => translateMessage(message, ['earn:serverMessages']))
        .join(' ');
    }
    if (error.message) return translateMessage(error.message, ['earn:serverMessages']);
  }
  return errorText(error);
}
