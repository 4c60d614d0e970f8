import { z } from 'zod';
import { idField } from './input.ts';
import type { Language } from './languages.ts';

/**
 * "Download my data": an export job the server prepares in the background, then a file of
 * everything Bullpen keeps about one user, as JSON and as a readable HTML page.
 */

/** How long a ready export can be downloaded before it is deleted. */
export const EXPORT_LIFETIME_HOURS = 24;
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
    none: 'Nada aquí.',
    jsonNote:
      'La descarga JSON contiene todos los campos de este resumen en un formato que otros programas leen.',
  },
};
