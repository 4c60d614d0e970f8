import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@bullpen/contract/routes';
import { apiClient } from './api-client.ts';
import { type Language, changeLanguage, isLanguage } from './i18n.ts';
import { useNotify } from './notifications.tsx';
import { useSession } from './session.tsx';

/**
 * PATCH /api/users/{id}/ with the language only: the mails follow it. The response's schema
 * (and zod with it) is fetched here, on a switch, so the footer's switch keeps zod out of
 * every page's first load.
 */
async function saveAccountLanguage(userId: number, language: Language) {
  const { userSchema } = await import('@bullpen/contract/users');
  return apiClient.patch(api.user.build({ id: userId }), { language }, userSchema);
}

/**
 * The language in use and the switch's action: it changes now, is remembered on this device,
 * and, when signed in, is saved to the account (docs/features.md "Languages").
 */
export function useLanguageChoice(): {
  language: Language;
  choose: (language: Language) => Promise<void>;
} {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const notify = useNotify();
  const { user, updateUser } = session;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = useCallback(
    async (next: Language) => {
      await changeLanguage(next);
      if (!user || user.language === next) return;
      try {
        updateUser(await saveAccountLanguage(user.id, next));
      } catch {
        notify(t('language.saveFailed'), 'warning');
      }
    },
    [notify, t, updateUser, user],
  );
  return { language, choose };
}
