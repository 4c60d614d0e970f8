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
import type { StudentReportView } from './service.ts';

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
    lessonHeader: ['Lesson', 'First %', 'Best %', 'Tries', 'Completed', 'Late'],
    noLessons: 'No lessons are assigned in this class.',
    late: 'late',
    onTime: '',
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
    lessonHeader: ['Lección', '1.er %', 'Mejor %', 'Intentos', 'Completada', 'Tarde'],
    noLessons: 'No hay lecciones asignadas en esta clase.',
    late: 'tarde',
    onTime: '',
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
const COLUMNS = [0, 230, 285, 340, 390, 470];

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

  line(text: string, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    this.room(size + 6);
    this.text(text, 0, options);
    this.y -= size + 6;
  }

  row(cells: string[], bold = false): void {
    this.room(16);
    cells.forEach((cell, index) => {
      const next = COLUMNS[index + 1] ?? this.page.getWidth() - 2 * MARGIN;
      this.text(cell, COLUMNS[index]!, { bold, maxWidth: next - COLUMNS[index]! - 6 });
    });
    this.y -= 16;
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
    writer.row([...text.lessonHeader], true);
    for (const { lesson, cell } of report.lessons) {
      writer.row([
        `${lesson.course.title}: ${lesson.lesson.title}`,
        cell.firstPercent === null ? '-' : String(cell.firstPercent),
        cell.bestPercent === null ? '-' : String(cell.bestPercent),
        String(cell.attempts),
        cell.completedAt ? day.format(cell.completedAt) : '-',
        cell.late ? text.late : text.onTime,
      ]);
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
