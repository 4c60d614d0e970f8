import type { MessageSource } from '@/lib/translate-message.ts';

/** Where the auth forms find the server's and the contract's messages in the catalogues. */
export const authMessageSources: readonly MessageSource[] = ['auth:messages'];
