import { SettingsPage } from '@/features/auth/pages/SettingsPage.tsx';
import { NotificationMailSection } from '@/features/notifications/components/NotificationMailSection.tsx';

/** /settings: the account's own sections, and which notifications also come by email. */
export function SettingsRoute() {
  return <SettingsPage notifications={<NotificationMailSection />} />;
}

export const Component = SettingsRoute;
