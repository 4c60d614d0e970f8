import type { MessageSource } from '@/lib/translate-message.ts';

/** Where the server's guardian messages are found in the reader's language. */
export const guardianMessageSources: readonly MessageSource[] = ['guardians:messages', 'auth'];
