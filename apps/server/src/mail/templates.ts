import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bullpen/contract/languages';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import type { NotificationContent } from '@bullpen/contract/notifications';
import { escapeMarkup } from '../platform/markup.ts';

/**
 * The product's emails: short, plain and readable by a child or a parent, in the recipient's
 * language. Subjects are fixed text: what users typed (a contest's name, their own name) goes
 * only in the body, escaped.
 */
export const mailCatalogues: Record<Language, typeof en> = { en, es };

const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { mail: mailCatalogues[lng] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['mail'],
  defaultNS: 'mail',
  // The catalogues are in memory: ready at once, so every mail is rendered synchronously.
  initAsync: false,
  // Texts are escaped once, as HTML, when the mail is laid out; plain text stays plain.
  interpolation: { escapeValue: false },
});

function translator(language: Language): TFunction<'mail'> {
  return mailI18n.getFixedT(language, 'mail');
}

function layout(
  t: TFunction<'mail'>,
  greeting: string,
  paragraphs: string[],
  link: { url: string; label: string },
  otherLinks: { url: string; label: string }[] = [],
) {
  const text = [
    greeting,
    '',
    ...paragraphs,
    '',
    `${link.label}: ${link.url}`,
    ...otherLinks.map((other) => `${other.label}: ${other.url}`),
    '',
    t('layout.signature'),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeMarkup(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeMarkup(paragraph)}</p>`).join('\n')}
<p><a href="${escapeMarkup(link.url)}">${escapeMarkup(link.label)}</a></p>
<p style="color:#555">${escapeMarkup(t('layout.copyLink'))}<br>${escapeMarkup(link.url)}</p>
${otherLinks.map((other) => `<p><a href="${escapeMarkup(other.url)}">${escapeMarkup(other.label)}</a></p>\n`).join('')}<p>${escapeMarkup(t('layout.signature'))}</p></body></html>`;
  return { text, html };
}

export function verificationEmail(language: Language, firstName: string, url: string) {
  const t = translator(language);
  return {
    subject: t('verification.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [t('verification.welcome'), t('verification.expiry')],
      { url, label: t('verification.action') },
    ),
  };
}

/**
 * To the parent an under-13 named at sign-up (COPPA): what Bullpen keeps and does not, their
 * rights, and a link to consent and one to refuse (both open the consent page).
 */
export function parentConsentEmail(
  language: Language,
  childFirstName: string,
  urls: { grant: string; refuse: string },
) {
  const t = translator(language);
  return {
    subject: t('parentConsent.subject'),
    ...layout(
      t,
      t('layout.greetingWithoutName'),
      [
        t('parentConsent.asked', { name: childFirstName }),
        t('parentConsent.collected'),
        t('parentConsent.notCollected'),
        t('parentConsent.rights'),
        t('parentConsent.expiry'),
      ],
      { url: urls.grant, label: t('parentConsent.action') },
      [{ url: urls.refuse, label: t('parentConsent.refuse') }],
    ),
  };
}

export function resetPasswordEmail(language: Language, firstName: string, url: string) {
  const t = translator(language);
  return {
    subject: t('resetPassword.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [t('resetPassword.asked'), t('resetPassword.expiry')],
      { url, label: t('resetPassword.action') },
    ),
  };
}

/** A teacher account staff made from a roster import (rosters/service.ts): choose a password. */
export function rosterTeacherEmail(
  language: Language,
  firstName: string,
  inviter: string,
  url: string,
) {
  const t = translator(language);
  return {
    subject: t('rosterTeacher.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [t('rosterTeacher.made', { inviter }), t('rosterTeacher.choose')],
      { url, label: t('rosterTeacher.action') },
    ),
  };
}

export function contestInvitationEmail(
  language: Language,
  inviter: string,
  contestName: string,
  url: string,
) {
  const t = translator(language);
  return {
    // Fixed text: an inviter must not be able to write the subject of mail to strangers.
    subject: t('contestInvitation.subject'),
    ...layout(
      t,
      t('layout.greetingWithoutName'),
      [
        t('contestInvitation.invited', { inviter, contest: contestName }),
        t('contestInvitation.howToJoin'),
        t('contestInvitation.stranger'),
      ],
      { url, label: t('contestInvitation.action') },
    ),
  };
}

/** A teacher's invitation to a class: the link opens Join Classroom with the code filled in. */
export function classroomInvitationEmail(
  language: Language,
  inviter: string,
  classroom: { name: string; code: string },
  url: string,
) {
  const t = translator(language);
  return {
    // Fixed text: an inviter must not be able to write the subject of mail to strangers.
    subject: t('classroomInvitation.subject'),
    ...layout(
      t,
      t('layout.greetingWithoutName'),
      [
        t('classroomInvitation.invited', { inviter, classroom: classroom.name }),
        t('classroomInvitation.howToJoin', { code: classroom.code }),
        t('classroomInvitation.stranger'),
      ],
      { url, label: t('classroomInvitation.action') },
    ),
  };
}

export function emailChangeEmail(language: Language, firstName: string, url: string) {
  const t = translator(language);
  return {
    subject: t('emailChange.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [t('emailChange.asked'), t('emailChange.expiry')],
      { url, label: t('emailChange.action') },
    ),
  };
}

export function emailChangeNotice(
  language: Language,
  firstName: string,
  newEmail: string,
  url: string,
) {
  const t = translator(language);
  return {
    subject: t('emailChangeNotice.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [t('emailChangeNotice.asked', { newEmail }), t('emailChangeNotice.whatToDo')],
      { url, label: t('emailChangeNotice.action') },
    ),
  };
}

/** What the support team's mail says about a ticket; user text goes only in the body. */
export type SupportTicketSummary = {
  id: number;
  kind: 'support' | 'contact_sales' | 'school_event';
  name: string;
  email: string;
  userId: number | null;
  position: string | null;
  schoolName: string | null;
  phone: string | null;
  teacherParticipation: number | null;
  studentParticipation: number | null;
  description: string;
};

/** To the support address, in English (the team's language). */
export function supportTicketEmail(ticket: SupportTicketSummary, inboxUrl: string) {
  const t = translator(DEFAULT_LANGUAGE);
  const optional = (key: string, value: string | number | null) =>
    value === null || value === '' ? [] : [t(key, { value: String(value) })];
  return {
    subject: t(`supportTicket.subject.${ticket.kind}`),
    ...layout(
      t,
      t('layout.greetingWithoutName'),
      [
        t('supportTicket.intro', { id: ticket.id }),
        t('supportTicket.from', { name: ticket.name, email: ticket.email }),
        ticket.userId === null
          ? t('supportTicket.visitor')
          : t('supportTicket.account', { id: ticket.userId }),
        ...optional('supportTicket.position', ticket.position),
        ...optional('supportTicket.school', ticket.schoolName),
        ...optional('supportTicket.phone', ticket.phone),
        ...optional('supportTicket.teachers', ticket.teacherParticipation),
        ...optional('supportTicket.students', ticket.studentParticipation),
        t('supportTicket.message'),
        ticket.description,
      ],
      { url: inboxUrl, label: t('supportTicket.action') },
    ),
  };
}

/**
 * To the sender, in their language. Nothing a visitor typed goes into it (not even the name),
 * so the form cannot be used to send somebody else a message of the visitor's choosing; a
 * signed-in user's name comes from the account.
 */
export function supportConfirmationEmail(
  language: Language,
  kind: SupportTicketSummary['kind'],
  accountFirstName: string | null,
  helpUrl: string,
) {
  const t = translator(language);
  return {
    subject: t('supportConfirmation.subject'),
    ...layout(
      t,
      accountFirstName
        ? t('layout.greeting', { name: accountFirstName })
        : t('layout.greetingWithoutName'),
      [t(`supportConfirmation.received.${kind}`), t('supportConfirmation.notYou')],
      { url: helpUrl, label: t('supportConfirmation.action') },
    ),
  };
}

/**
 * To the teacher who made a student's account without an address: the student's message to
 * support, which Bullpen cannot answer by mail, in the teacher's language.
 */
export function studentSupportEmail(
  language: Language,
  teacherFirstName: string,
  message: { student: string; username: string; ticketId: number; description: string },
  supportUrl: string,
) {
  const t = translator(language);
  return {
    // Fixed text: the student's name and words go only in the body.
    subject: t('studentSupport.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: teacherFirstName }),
      [
        t('studentSupport.intro', {
          student: message.student,
          username: message.username,
          id: message.ticketId,
        }),
        message.description,
        t('studentSupport.howToHelp'),
      ],
      { url: supportUrl, label: t('studentSupport.action') },
    ),
  };
}

/**
 * To the teachers of an account made without an address and unused for most of
 * RETENTION_INACTIVE_DAYS (users/inactivity.ts): the student cannot be mailed, so their
 * teachers learn when it will be erased and that the student signing in keeps it.
 */
export function unusedStudentEmail(
  language: Language,
  teacherFirstName: string,
  account: { student: string; username: string; lastActiveAt: Date; deletesOn: Date },
  classesUrl: string,
) {
  const t = translator(language);
  return {
    // Fixed text: the student's name goes only in the body.
    subject: t('unusedStudent.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: teacherFirstName }),
      [
        t('unusedStudent.unused', {
          student: account.student,
          username: account.username,
          since: longDate(language, account.lastActiveAt),
          deletesOn: longDate(language, account.deletesOn),
        }),
        t('unusedStudent.howToKeep'),
      ],
      { url: classesUrl, label: t('unusedStudent.action') },
    ),
  };
}

/** A due time as the recipient reads it, in UTC ("December 5, 2026 at 3:00 PM UTC"). */
function dueTime(language: Language, at: Date): string {
  return `${new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}

/**
 * A notification that also goes by mail (notifications/service.ts), in the recipient's
 * language: what happened, a link to it, and where to choose which notifications come by mail.
 */
export function notificationEmail(
  language: Language,
  firstName: string,
  note: NotificationContent,
  urls: { open: string; settings: string },
) {
  const t = translator(language);
  const paragraphs: string[] = [];
  switch (note.kind) {
    case 'lesson_assigned':
    case 'lesson_due':
    case 'lesson_reminder': {
      const { classroom, lesson, course, due_at: dueAt } = note.payload;
      paragraphs.push(t(`notification.${note.kind}`, { classroom, lesson, course }));
      paragraphs.push(
        dueAt === null
          ? t('notification.noDue')
          : t('notification.due', { due: dueTime(language, new Date(dueAt)) }),
      );
      break;
    }
    case 'points_awarded':
      paragraphs.push(t('notification.points_awarded', { points: note.payload.points }));
      if (note.payload.note) {
        paragraphs.push(t('notification.pointsReason', { note: note.payload.note }));
      }
      break;
    case 'reward_decided':
      paragraphs.push(
        t(note.payload.approved ? 'notification.reward_approved' : 'notification.reward_declined', {
          reward: note.payload.reward,
        }),
      );
      break;
    case 'certificate_granted':
    case 'resume_comment':
    case 'post_reported':
      paragraphs.push(t(`notification.${note.kind}`, note.payload));
      break;
    case 'teacher_trusted':
      paragraphs.push(t('notification.teacher_trusted'));
      break;
  }
  paragraphs.push(t('notification.choose', { url: urls.settings }));
  return {
    // Fixed text: names a teacher or student typed go only in the body.
    subject: t(`notification.subject.${note.kind}`),
    ...layout(t, t('layout.greeting', { name: firstName }), paragraphs, {
      url: urls.open,
      label: t('notification.action'),
    }),
  };
}

/** A day as the recipient reads it ("December 5, 2026", "5 de diciembre de 2026"), in UTC. */
function longDate(language: Language, day: Date): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(day);
}

/**
 * To an account unused for most of RETENTION_INACTIVE_DAYS (privacy/retention.ts): when it
 * will be erased, and that signing in before then keeps it.
 */
export function inactivityWarningEmail(
  language: Language,
  firstName: string,
  account: { username: string; lastActiveAt: Date; deletesOn: Date; url: string },
) {
  const t = translator(language);
  return {
    subject: t('inactivityWarning.subject'),
    ...layout(
      t,
      t('layout.greeting', { name: firstName }),
      [
        t('inactivityWarning.unused', {
          username: account.username,
          since: longDate(language, account.lastActiveAt),
          deletesOn: longDate(language, account.deletesOn),
        }),
        t('inactivityWarning.howToKeep'),
      ],
      { url: account.url, label: t('inactivityWarning.action') },
    ),
  };
}

/**
 * To the address a student (or their teacher) gave as a parent's: the child by first name only,
 * no class or school, what a parent account shows, and the one-time link.
 */
export function guardianInvitationEmail(language: Language, childFirstName: string, url: string) {
  const t = translator(language);
  return {
    subject: t('guardianInvitation.subject'),
    ...layout(
      t,
      t('layout.greetingWithoutName'),
      [
        t('guardianInvitation.invited', { name: childFirstName }),
        t('guardianInvitation.sees', { name: childFirstName }),
        t('guardianInvitation.expiry', { name: childFirstName }),
      ],
      { url, label: t('guardianInvitation.action') },
    ),
  };
}
