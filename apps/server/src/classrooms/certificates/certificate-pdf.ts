import type { Language } from '@bullpen/contract/languages';
import {
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PageSizes,
  StandardFonts,
  rgb,
} from '@cantoo/pdf-lib';

/**
 * The certificate as a one-page PDF, A4 landscape, made with @cantoo/pdf-lib (the maintained
 * fork of pdf-lib).
 *
 * It uses the PDF standard fonts (Helvetica, Times), which every reader has and which need no
 * font file in the repository: no font with a suitable licence ships in node_modules, and
 * Debian's DejaVu is not on every machine. Those fonts encode WinAnsi (Latin-1 and a few more),
 * which covers English and Spanish names with their accents; any other character is
 * transliterated to its base letter where Unicode gives one (Ł → L, ő → o) and otherwise
 * printed as "?", so every name still makes a valid PDF. The public verification page shows
 * the name exactly as stored.
 */
export type CertificateFacts = {
  code: string;
  studentName: string;
  courseTitle: string;
  classroomName: string;
  teacherName: string;
  grantedAt: Date;
  verifyUrl: string;
};

const words = {
  en: {
    title: 'Certificate of Completion',
    certifies: 'This certifies that',
    completed: 'has completed every lesson of the course',
    inClass: (classroom: string, teacher: string) =>
      `in the class ${classroom}, taught by ${teacher}`,
    granted: 'Granted on',
    teacher: 'Teacher',
    code: 'Verification code',
    verify: 'Check that it is genuine at',
    locale: 'en-US',
  },
  es: {
    title: 'Certificado de finalización',
    certifies: 'Se certifica que',
    completed: 'ha completado todas las lecciones del curso',
    inClass: (classroom: string, teacher: string) =>
      `en la clase ${classroom}, impartida por ${teacher}`,
    granted: 'Otorgado el',
    teacher: 'Docente',
    code: 'Código de verificación',
    verify: 'Compruebe su autenticidad en',
    locale: 'es-ES',
  },
} satisfies Record<Language, unknown>;

/** Letters that have no Unicode decomposition but an obvious Latin spelling. */
const spelledOut: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
};

/** Text the font can draw: kept where it can, its base letters where not, "?" otherwise. */
export function printable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  const out: string[] = [];
  for (const char of text.normalize('NFC')) {
    if (/\s/u.test(char)) {
      out.push(' ');
      continue;
    }
    if (/\p{Cc}|\p{Cf}/u.test(char)) continue;
    const codePoint = char.codePointAt(0)!;
    if (supported.has(codePoint)) {
      out.push(char);
      continue;
    }
    const replacement = spelledOut[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    const fits =
      replacement.length > 0 &&
      [...replacement].every((part) => supported.has(part.codePointAt(0)!));
    out.push(fits ? replacement : '?');
  }
  return out.join('').replace(/ {2,}/g, ' ').trim();
}

const ink = rgb(0.13, 0.17, 0.25);
const accent = rgb(0.1, 0.32, 0.6);
const muted = rgb(0.38, 0.42, 0.5);

/** Draws a line centred, shrinking its size until it fits `maxWidth`. */
function centred(
  page: PDFPage,
  text: string,
  options: { font: PDFFont; size: number; y: number; maxWidth: number; color?: typeof ink },
): void {
  const safe = printable(text, options.font);
  let size = options.size;
  while (size > 8 && options.font.widthOfTextAtSize(safe, size) > options.maxWidth) size -= 0.5;
  // Still too long at the smallest size: cut it, so nothing runs off the page.
  let line = safe;
  while (line.length > 1 && options.font.widthOfTextAtSize(line, size) > options.maxWidth) {
    line = `${line.slice(0, -2)}…`;
  }
  const width = options.font.widthOfTextAtSize(line, size);
  page.drawText(line, {
    x: (page.getWidth() - width) / 2,
    y: options.y,
    size,
    font: options.font,
    color: options.color ?? ink,
  });
}

export async function certificatePdf(
  facts: CertificateFacts,
  language: Language,
): Promise<Uint8Array> {
  const text = words[language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text.title}: ${facts.studentName}`.normalize('NFC'));
  pdf.setSubject(facts.courseTitle);
  pdf.setAuthor('Bullpen');
  pdf.setCreator('Bullpen');
  pdf.setProducer('Bullpen (@cantoo/pdf-lib)');
  pdf.setCreationDate(facts.grantedAt);
  pdf.setModificationDate(facts.grantedAt);
  pdf.setLanguage(language);

  const [shortSide, longSide] = PageSizes.A4;
  const page = pdf.addPage([longSide, shortSide]);
  const width = page.getWidth();
  const height = page.getHeight();
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const maxWidth = width - 160;

  // A double frame.
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: accent,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: width - 68,
    height: height - 68,
    borderColor: accent,
    borderWidth: 0.75,
  });

  centred(page, 'BULLPEN', { font: sansBold, size: 14, y: height - 88, maxWidth, color: accent });
  centred(page, text.title, { font: serifBold, size: 38, y: height - 150, maxWidth });
  centred(page, text.certifies, { font: serif, size: 16, y: height - 205, maxWidth, color: muted });
  centred(page, facts.studentName, { font: serifBold, size: 34, y: height - 255, maxWidth });
  page.drawLine({
    start: { x: width / 2 - 180, y: height - 268 },
    end: { x: width / 2 + 180, y: height - 268 },
    thickness: 0.75,
    color: muted,
  });
  centred(page, text.completed, { font: serif, size: 16, y: height - 305, maxWidth, color: muted });
  centred(page, facts.courseTitle, { font: serifBold, size: 26, y: height - 345, maxWidth });
  centred(page, text.inClass(facts.classroomName, facts.teacherName), {
    font: serif,
    size: 15,
    y: height - 385,
    maxWidth,
    color: muted,
  });
  const date = new Intl.DateTimeFormat(text.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    facts.grantedAt,
  );
  centred(page, `${text.granted} ${date}`, { font: serif, size: 15, y: height - 412, maxWidth });

  // The teacher's line, left; the verification, right.
  const footY = 92;
  page.drawLine({
    start: { x: 90, y: footY + 18 },
    end: { x: 330, y: footY + 18 },
    thickness: 0.75,
    color: ink,
  });
  page.drawText(printable(facts.teacherName, sans).slice(0, 60), {
    x: 90,
    y: footY,
    size: 11,
    font: sans,
    color: ink,
  });
  page.drawText(text.teacher, { x: 90, y: footY - 15, size: 9, font: sans, color: muted });

  const right = width - 90;
  const lines: [string, PDFFont, number][] = [
    [`${text.code}: ${facts.code}`, sansBold, 11],
    [text.verify, sans, 9],
    [facts.verifyUrl, sans, 9],
  ];
  lines.forEach(([line, font, size], index) => {
    const safe = printable(line, font);
    page.drawText(safe, {
      x: right - font.widthOfTextAtSize(safe, size),
      y: footY + 18 - index * 15,
      size,
      font,
      color: index === 0 ? ink : muted,
    });
  });

  return pdf.save();
}

/** An ASCII file name: `bullpen-certificate-<course>-<code>.pdf`. */
export function certificateFileName(courseTitle: string, code: string): string {
  const slug = courseTitle
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return `bullpen-certificate-${slug ? `${slug}-` : ''}${code.replace(/[^A-Z0-9]/gi, '')}.pdf`;
}
