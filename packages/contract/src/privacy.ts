import { z } from 'zod';
import { idField } from './input.ts';
import type { Language } from './languages.ts';
import { NOTIFICATION_RETENTION_DAYS } from './notifications.ts';
import { ROSTER_IMPORT_LOG_DAYS } from './rosters.ts';
import { CONSENT_WINDOW_DAYS, DELETION_GRACE_DAYS } from './users.ts';

/**
 * "Download my data": an export job the server prepares in the background, then a file of
 * everything Bullpen keeps about one user, as JSON and as a readable HTML page.
 */

/** How long a ready export can be downloaded before it is deleted. */
export const EXPORT_LIFETIME_HOURS = 24;

/**
 * What the retention job keeps and for how long (apps/server/src/privacy/retention.ts,
 * docs/decisions/034-retention.md). The privacy policy states these same numbers.
 */

/**
 * Days without any use after which an account is erased: a school year and the summer after
 * it. The server's RETENTION_INACTIVE_DAYS may set another number.
 */
export const RETENTION_INACTIVE_DAYS = 365 + 90;
/** Days before that erasure the account's address is warned; signing in keeps the account. */
export const RETENTION_WARNING_DAYS = 30;
/** Days a support ticket is kept after it was answered (or sent, when it never was). */
export const SUPPORT_TICKET_RETENTION_DAYS = 365;
/** Days a copy of a sent (or held) message stays in the outbox. */
export const MAIL_RETENTION_DAYS = 30;
/** Days a line of the staff audit log (ids and an action, no names) is kept: three years. */
export const STAFF_AUDIT_RETENTION_DAYS = 3 * 365;

/**
 * Every period the privacy policy states, for its text's placeholders: the constants above and
 * those of the domains that keep their own (`inactiveDays` as the server is configured).
 */
export function retentionPeriods(inactiveDays: number = RETENTION_INACTIVE_DAYS) {
  return {
    inactiveDays,
    warningDays: RETENTION_WARNING_DAYS,
    graceDays: DELETION_GRACE_DAYS,
    consentDays: CONSENT_WINDOW_DAYS,
    ticketDays: SUPPORT_TICKET_RETENTION_DAYS,
    mailDays: MAIL_RETENTION_DAYS,
    notificationDays: NOTIFICATION_RETENTION_DAYS,
    auditYears: STAFF_AUDIT_RETENTION_DAYS / 365,
    rosterLogDays: ROSTER_IMPORT_LOG_DAYS,
    exportHours: EXPORT_LIFETIME_HOURS,
  };
}
export const EXPORT_FORMAT = 'bullpen-export';
export const EXPORT_VERSION = 1;

export const exportStatuses = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const exportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(exportStatuses),
  /** 0 to 100: the share of the sections gathered so far. */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const exportParams = z.object({ id: idField });
export const studentExportParams = z.object({ id: idField, userId: idField });

export const exportFormats = ['json', 'html'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const downloadQuery = z.object({ format: z.enum(exportFormats).default('json') });

export const privacyMessages = {
  notFound: 'This export does not exist.',
  expired: 'This download link has expired. Ask for a new export.',
  notReady: 'This export is not ready yet.',
  studentNotFound: 'This student is not in your class.',
} as const;

const englishLabels = {
  title: 'My Bullpen data',
  generatedAt: 'Prepared on',
  profile: 'Profile',
  classes: 'Classes',
  teaching: 'Classes I teach',
  attempts: 'Lesson quiz attempts',
  points: 'Points history',
  modules: 'Learn and earn modules completed',
  portfolios: 'Contest portfolios',
  orders: 'Orders',
  resumes: 'Résumés',
  budgets: 'Budgets',
  posts: 'My board posts',
  tickets: 'Support tickets',
  notifications: 'Notifications',
  mailChoices: 'Notifications by mail',
  schoolSignIns: 'School accounts that sign in',
  guardians: 'Parents who follow me',
  guardianInvitations: 'Invitations to parents',
  childrenFollowed: 'Children I follow',
  none: 'Nothing here.',
  jsonNote: 'The JSON download holds every field of this summary in a form other programs read.',
};

/** The headings of the readable (HTML) export, in the user's language; each has every key. */
export const exportPageLabels: Record<Language, Record<keyof typeof englishLabels, string>> = {
  en: englishLabels,
  es: {
    title: 'Mis datos de Bullpen',
    generatedAt: 'Preparado el',
    profile: 'Perfil',
    classes: 'Clases',
    teaching: 'Clases que enseño',
    attempts: 'Intentos de cuestionarios',
    points: 'Historial de puntos',
    modules: 'Módulos de Aprende y gana completados',
    portfolios: 'Carteras de concursos',
    orders: 'Órdenes',
    resumes: 'Currículums',
    budgets: 'Presupuestos',
    posts: 'Mis publicaciones en el tablero',
    tickets: 'Solicitudes de soporte',
    notifications: 'Notificaciones',
    mailChoices: 'Notificaciones por correo',
    schoolSignIns: 'Cuentas escolares con las que se inicia sesión',
    guardians: 'Familiares que me siguen',
    guardianInvitations: 'Invitaciones a familiares',
    childrenFollowed: 'Estudiantes que sigo',
    none: 'Nada aquí.',
    jsonNote:
      'La descarga JSON contiene todos los campos de este resumen en un formato que otros programas leen.',
  },
};
