import type { Language } from '@bullpen/contract/languages';
import { formatCents } from '@bullpen/contract/money';
import {
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PageSizes,
  StandardFonts,
  rgb,
} from '@cantoo/pdf-lib';
import { printable } from '../certificates/certificate-pdf.ts';
import type { GradebookCellView, StudentReportView } from './service.ts';

/**
 * A student's report for a parent conference, A4 portrait, made with @cantoo/pdf-lib and the
 * PDF standard fonts as the certificate is (certificates/certificate-pdf.ts says why; its
 * `printable` makes any name drawable). It holds only what the class's teacher already sees:
 * the lessons of the class, certificates of the class, points and class contests.
 */

const words = {
  en: {
    title: 'Student report',
    classroom: 'Class',
    generated: 'Prepared on',
    lessons: 'Lessons',
    noLessons: 'No lessons are assigned in this class.',
    lessonLine: (cell: GradebookCellView, day: Intl.DateTimeFormat, dueAt: Date | null) =>
      [
        cell.attempts === 0
          ? 'Not started'
          : `First attempt ${cell.firstPercent ?? 0}%, best ${cell.bestPercent ?? 0}%, ${cell.attempts} ${cell.attempts === 1 ? 'attempt' : 'attempts'}`,
        cell.completedAt ? `completed ${day.format(cell.completedAt)}` : 'not completed',
        dueAt ? `due ${day.format(dueAt)}` : 'no due date',
        ...(cell.late ? ['LATE'] : []),
      ].join(' · '),
    certificates: 'Certificates',
    noCertificates: 'No certificates yet.',
    points: 'Points',
    earnedLessons: 'Earned from lessons',
    earnedModules: 'Earned from learn-and-earn modules',
    earnedAwards: 'Earned from teacher awards',
    earnedContests: 'Earned from contests',
    earnedTotal: 'Total earned',
    balance: 'Spendable balance',
    contests: 'Class contests',
    noContests: 'No class contests.',
    place: (rank: number, players: number) => `place ${rank} of ${players}`,
    notOnBoard: 'did not take part',
    value: 'portfolio',
    locale: 'en-US',
  },
  es: {
    title: 'Informe del estudiante',
    classroom: 'Clase',
    generated: 'Preparado el',
    lessons: 'Lecciones',
    noLessons: 'No hay lecciones asignadas en esta clase.',
    lessonLine: (cell: GradebookCellView, day: Intl.DateTimeFormat, dueAt: Date | null) =>
      [
        cell.attempts === 0
          ? 'Sin empezar'
          : `Primer intento ${cell.firstPercent ?? 0} %, mejor ${cell.bestPercent ?? 0} %, ${cell.attempts} ${cell.attempts === 1 ? 'intento' : 'intentos'}`,
        cell.completedAt ? `completada el ${day.format(cell.completedAt)}` : 'sin completar',
        dueAt ? `vence el ${day.format(dueAt)}` : 'sin fecha límite',
        ...(cell.late ? ['CON RETRASO'] : []),
      ].join(' · '),
    certificates: 'Certificados',
    noCertificates: 'Aún no hay certificados.',
    points: 'Puntos',
    earnedLessons: 'Ganados en lecciones',
    earnedModules: 'Ganados en módulos de aprender y ganar',
    earnedAwards: 'Ganados en premios del docente',
    earnedContests: 'Ganados en concursos',
    earnedTotal: 'Total ganado',
    balance: 'Saldo disponible',
    contests: 'Concursos de la clase',
    noContests: 'No hay concursos de la clase.',
    place: (rank: number, players: number) => `puesto ${rank} de ${players}`,
    notOnBoard: 'no participó',
    value: 'cartera',
    locale: 'es-ES',
  },
} satisfies Record<Language, unknown>;

const ink = rgb(0.13, 0.17, 0.25);
const accent = rgb(0.1, 0.32, 0.6);
const MARGIN = 50;

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage(PageSizes.A4);
    this.y = this.page.getHeight() - MARGIN;
  }

  private room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = this.page.getHeight() - MARGIN;
  }

  /** Draws text cut to `maxWidth` at x (from the margin), on the current line. */
  text(
    text: string,
    x: number,
    options: { size?: number; bold?: boolean; maxWidth?: number } = {},
  ) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 10;
    const maxWidth = options.maxWidth ?? this.page.getWidth() - 2 * MARGIN - x;
    let line = printable(text, font);
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) {
      line = `${line.slice(0, -2)}…`;
    }
    this.page.drawText(line, { x: MARGIN + x, y: this.y, size, font, color: ink });
  }

  /** Draws text from the margin, wrapped at word boundaries to the page's width. */
  line(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const maxWidth = this.page.getWidth() - 2 * MARGIN - indent;
    const lines: string[] = [];
    let current = '';
    for (const word of printable(text, font).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > maxWidth) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    for (const part of lines) {
      this.room(size + 6);
      this.text(part, indent, { ...options, maxWidth });
      this.y -= size + 6;
    }
  }

  heading(text: string): void {
    this.y -= 8;
    this.room(30);
    this.page.drawText(printable(text, this.fonts.bold), {
      x: MARGIN,
      y: this.y,
      size: 14,
      font: this.fonts.bold,
      color: accent,
    });
    this.y -= 22;
  }
}

export async function studentReportPdf(
  report: StudentReportView,
  language: Language,
  now: Date,
): Promise<Uint8Array> {
  const text = words[language];
  const day = new Intl.DateTimeFormat(text.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const name =
    `${report.student.firstName} ${report.student.lastName}`.trim() || report.student.username;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text.title}: ${name}`.normalize('NFC'));
  pdf.setAuthor('Bullpen');
  pdf.setCreator('Bullpen');
  pdf.setProducer('Bullpen (@cantoo/pdf-lib)');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  pdf.setLanguage(language);
  const writer = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  });

  writer.line(text.title, { size: 20, bold: true });
  writer.line(name, { size: 16, bold: true });
  writer.line(`${text.classroom}: ${report.classroomName}`);
  writer.line(`${text.generated} ${day.format(now)}`);

  writer.heading(text.lessons);
  if (report.lessons.length === 0) writer.line(text.noLessons);
  else {
    for (const { lesson, cell } of report.lessons) {
      writer.line(`${lesson.course.title}: ${lesson.lesson.title}`, { bold: true });
      writer.line(text.lessonLine(cell, day, lesson.setting.dueAt), { indent: 12 });
    }
  }

  writer.heading(text.certificates);
  if (report.certificates.length === 0) writer.line(text.noCertificates);
  for (const certificate of report.certificates) {
    writer.line(`${certificate.courseTitle} (${day.format(certificate.grantedAt)})`);
  }

  writer.heading(text.points);
  const { earned } = report;
  writer.line(`${text.earnedLessons}: ${earned.lesson}`);
  writer.line(`${text.earnedModules}: ${earned.module}`);
  writer.line(`${text.earnedAwards}: ${earned.award}`);
  writer.line(`${text.earnedContests}: ${earned.contest}`);
  writer.line(
    `${text.earnedTotal}: ${earned.lesson + earned.module + earned.award + earned.contest}`,
    {
      bold: true,
    },
  );
  writer.line(`${text.balance}: ${report.balance}`, { bold: true });

  writer.heading(text.contests);
  if (report.contests.length === 0) writer.line(text.noContests);
  for (const contest of report.contests) {
    const standing =
      contest.rank === null
        ? text.notOnBoard
        : `${text.place(contest.rank, contest.players)}, ${text.value} ${formatCents(contest.valueCents ?? 0)}`;
    writer.line(`${contest.name}: ${standing}`);
  }
  return pdf.save();
}
