import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  courseFileSchema,
  glossaryFileSchema,
  lessonFileSchema,
  standardsFileSchema,
  type CourseFile,
  type GlossaryFile,
  type LessonFile,
  type StandardsFile,
} from '@bullpen/contract/learn';
import { ContentError, parseWith, relative } from '../platform/content-files.ts';
import { readMarkdownFile } from '../platform/markdown.ts';
import { repoRoot } from '../platform/paths.ts';

/**
 * The curriculum as files (docs/architecture.md section 9, `content/README.md`):
 *
 *   content/courses/<course-slug>/course.yaml        the course
 *   content/courses/<course-slug>/NN-<slug>.md       a lesson: YAML front matter, then Markdown
 *
 * Read and validated here, by the loader at start-up and by the content test alike. A file
 * that does not parse is a problem with its path named, never a silent skip.
 */
export const contentRoot = path.join(repoRoot, 'content');

export interface LessonSource {
  file: string;
  /** From the file name's `NN-` prefix. */
  order: number;
  front: LessonFile;
  /** The Markdown reading below the front matter. */
  body: string;
  /** The standards of `front.standards`, each with its statement from standards.yaml. */
  standards: { code: string; title: string }[];
}

export interface CourseSource {
  file: string;
  course: CourseFile;
  lessons: LessonSource[];
}

const LESSON_FILE = /^(\d{2})-([a-z0-9-]+)\.md$/;

function readCourse(
  directory: string,
  standardTitles: ReadonlyMap<string, string>,
  problems: string[],
): CourseSource | null {
  const courseFile = path.join(directory, 'course.yaml');
  if (!fs.existsSync(courseFile)) {
    problems.push(`${relative(directory)}: no course.yaml`);
    return null;
  }
  let data: unknown;
  try {
    data = parseYaml(fs.readFileSync(courseFile, 'utf8'));
  } catch (error) {
    problems.push(`${relative(courseFile)}: not YAML: ${(error as Error).message}`);
    return null;
  }
  const course = parseWith(courseFileSchema, data, courseFile, problems);
  if (course && course.slug !== path.basename(directory)) {
    problems.push(`${relative(courseFile)}: slug ${course.slug} differs from its folder's name`);
  }

  const lessons: LessonSource[] = [];
  for (const name of fs.readdirSync(directory).sort()) {
    if (name === 'course.yaml') continue;
    const file = path.join(directory, name);
    const match = LESSON_FILE.exec(name);
    if (!match) {
      problems.push(`${relative(file)}: a lesson file is named NN-<slug>.md`);
      continue;
    }
    const parts = readMarkdownFile(file, relative(file), problems);
    if (!parts) continue;
    const front = parseWith(lessonFileSchema, parts.data, file, problems);
    if (!front) continue;
    if (front.slug !== match[2]) {
      problems.push(`${relative(file)}: slug ${front.slug} differs from the file name`);
    }
    lessons.push({
      file: relative(file),
      order: Number(match[1]),
      front,
      body: parts.body,
      standards: front.standards.map((code) => ({ code, title: standardTitles.get(code) ?? code })),
    });
  }
  return course ? { file: relative(courseFile), course, lessons } : null;
}

/** Every course with its lessons, in catalogue order; throws ContentError on any problem. */
export function readCurriculum(root = contentRoot): CourseSource[] {
  const problems: string[] = [];
  const coursesDirectory = path.join(root, 'courses');
  const standardTitles = standardTitlesIn(root);
  const courses = fs
    .readdirSync(coursesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => readCourse(path.join(coursesDirectory, entry.name), standardTitles, problems))
    .filter((course): course is CourseSource => course !== null);
  if (problems.length > 0) throw new ContentError(problems);
  return courses.sort((a, b) => a.course.position - b.course.position);
}

/**
 * The aliases of the public articles (`<root>/articles/<alias>.md`), by file name: lessons may
 * link to them. The content domain reads and checks the articles themselves (and that each
 * alias is its file's name).
 */
export function articleAliasesIn(root = contentRoot): Set<string> {
  const directory = path.join(root, 'articles');
  if (!fs.existsSync(directory)) return new Set();
  return new Set(
    fs
      .readdirSync(directory)
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3)),
  );
}

/** `<root>/standards.yaml`: the national standards lessons are tagged with; throws ContentError. */
export function readStandards(root = contentRoot): StandardsFile {
  const file = path.join(root, 'standards.yaml');
  const problems: string[] = [];
  let data: unknown;
  try {
    data = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError([`${relative(file)}: ${(error as Error).message}`]);
  }
  const standards = parseWith(standardsFileSchema, data, file, problems);
  if (!standards) throw new ContentError(problems);
  return standards;
}

/** Each standard's statement by its code; empty for a content folder without standards.yaml. */
export function standardTitlesIn(root = contentRoot): Map<string, string> {
  if (!fs.existsSync(path.join(root, 'standards.yaml'))) return new Map();
  return new Map(
    readStandards(root).topics.flatMap((topic) =>
      topic.standards.map((standard) => [standard.code, standard.title] as const),
    ),
  );
}

export interface GlossaryEntrySource {
  file: string;
  term: string;
  definition: string;
}

/**
 * The glossary: every entry of `<root>/glossary/*.yaml` (one file per course, the terms its
 * lessons teach), sorted by term. No folder is an empty glossary; throws ContentError.
 */
export function readGlossary(root = contentRoot): GlossaryEntrySource[] {
  const directory = path.join(root, 'glossary');
  if (!fs.existsSync(directory)) return [];
  const problems: string[] = [];
  const entries: GlossaryEntrySource[] = [];
  for (const name of fs.readdirSync(directory).sort()) {
    const file = path.join(directory, name);
    if (!name.endsWith('.yaml')) {
      problems.push(`${relative(file)}: a glossary file is <course-slug>.yaml`);
      continue;
    }
    let data: unknown;
    try {
      data = parseYaml(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${relative(file)}: not YAML: ${(error as Error).message}`);
      continue;
    }
    const parsed: GlossaryFile | null = parseWith(glossaryFileSchema, data ?? [], file, problems);
    for (const entry of parsed ?? []) entries.push({ file: relative(file), ...entry });
  }
  if (problems.length > 0) throw new ContentError(problems);
  return entries.sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }));
}
