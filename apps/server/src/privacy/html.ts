import { exportPageLabels } from '@bullpen/contract/privacy';
import { isLanguage, DEFAULT_LANGUAGE } from '@bullpen/contract/languages';
import type { ExportDocument } from './service.ts';
import { escapeMarkup } from '../platform/markup.ts';

/**
 * The readable summary of an export: one static page, every value escaped, no scripts or
 * outside resources, so it opens safely from a download folder.
 */
export function renderExportPage(document: ExportDocument): string {
  const language = isLanguage(document.user?.language) ? document.user.language : DEFAULT_LANGUAGE;
  const labels = exportPageLabels[language];
  // Sections later domains add are not in the document's type: read them as what they may be.
  const added = document as Record<string, unknown>;
  const sections: [string, unknown[]][] = [
    [labels.classes, document.classes],
    [labels.teaching, document.classes_taught],
    [labels.attempts, document.lesson_attempts],
    [labels.points, document.points_history],
    [labels.modules, document.learn_and_earn_modules],
    [
      labels.portfolios,
      document.portfolios.map(({ orders: _orders, positions: _positions, ...rest }) => rest),
    ],
    [
      labels.orders,
      document.portfolios.flatMap((p) => p.orders.map((o) => ({ contest: p.contest_name, ...o }))),
    ],
    [labels.resumes, document.resumes],
    [labels.budgets, document.budgets],
    [labels.posts, document.board_posts],
    [labels.tickets, document.support_tickets],
    [labels.notifications, document.notifications],
    [labels.mailChoices, document.notification_mail_choices],
    [labels.schoolSignIns, document.school_sign_ins],
    // The sections later domains add (apps/server/src/guardians/plugin.ts), when present.
    [labels.guardians, listIn(added.guardians, 'guardians')],
    [labels.guardianInvitations, listIn(added.guardians, 'invitations')],
    [
      labels.childrenFollowed,
      Array.isArray(added.children_followed) ? added.children_followed : [],
    ],
  ];
  const body = [
    `<h1>${escapeMarkup(labels.title)}</h1>`,
    `<p>${escapeMarkup(labels.generatedAt)} ${escapeMarkup(document.generated_at)}</p>`,
    `<h2>${escapeMarkup(labels.profile)}</h2>`,
    table(document.user ? [document.user] : [], labels.none),
    ...sections.map(
      ([title, rows]) => `<h2>${escapeMarkup(title)}</h2>${table(rows, labels.none)}`,
    ),
    `<p>${escapeMarkup(labels.jsonNote)}</p>`,
  ].join('\n');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(labels.title)}</title>
<style>body{font-family:sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;margin-bottom:1rem;display:block;overflow-x:auto}td,th{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function table(rows: unknown[], none: string): string {
  const records = rows.filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
  );
  if (records.length === 0) return `<p>${escapeMarkup(none)}</p>`;
  const columns = [...new Set(records.flatMap((row) => Object.keys(row)))];
  const head = columns.map((column) => `<th>${escapeMarkup(column)}</th>`).join('');
  const lines = records.map(
    (row) =>
      `<tr>${columns.map((column) => `<td>${escapeMarkup(cell(row[column]))}</td>`).join('')}</tr>`,
  );
  return `<table><thead><tr>${head}</tr></thead><tbody>${lines.join('')}</tbody></table>`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

/** `section[key]` when it is a list (a later domain's section of the document), else none. */
function listIn(section: unknown, key: string): unknown[] {
  const value = (section as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(value) ? value : [];
}
