import fs from 'node:fs';
import path from 'node:path';
import { articleFileSchema, type ArticleFile } from '@bullpen/contract/learn';
import { ContentError, parseWith, relative } from '../platform/content-files.ts';
import { isKnownRoute } from '../learn/content-check.ts';
import { markdownLinks, readMarkdownFile, renderMarkdown } from '../platform/markdown.ts';

/**
 * The public articles ("flyers"): `<content>/articles/<alias>.md`, YAML front matter checked
 * with the contract's `articleFileSchema`, then Markdown rendered to sanitised HTML. Read once
 * at start-up and kept in memory; any problem stops the start with the whole list.
 */
export type ArticleSource = {
  file: string;
  front: ArticleFile;
  /** The Markdown below the front matter. */
  body: string;
  html: string;
  words: number;
};

/** Every article, newest first (then by alias); throws ContentError on any problem. */
export function readArticles(root: string): ArticleSource[] {
  const directory = path.join(root, 'articles');
  if (!fs.existsSync(directory)) return [];
  const problems: string[] = [];
  const articles: ArticleSource[] = [];
  for (const name of fs.readdirSync(directory).sort()) {
    const file = path.join(directory, name);
    if (!name.endsWith('.md')) {
      problems.push(`${relative(file)}: an article is a Markdown file, <alias>.md`);
      continue;
    }
    const parts = readMarkdownFile(file, relative(file), problems);
    if (!parts) continue;
    const front = parseWith(articleFileSchema, parts.data, file, problems);
    if (!front) continue;
    if (front.alias !== name.slice(0, -3)) {
      problems.push(`${relative(file)}: alias ${front.alias} differs from the file name`);
    }
    if (parts.body.length === 0) problems.push(`${relative(file)}: the article has no text`);
    articles.push({
      file: relative(file),
      front,
      body: parts.body,
      html: renderMarkdown(parts.body),
      words: parts.body.split(/\s+/).filter(Boolean).length,
    });
  }
  if (problems.length > 0) throw new ContentError(problems);
  return articles.sort(
    (a, b) =>
      b.front.published.localeCompare(a.front.published) ||
      a.front.alias.localeCompare(b.front.alias),
  );
}

/** Reading time of an article: about 200 words a minute, at least one minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 200));
}

/**
 * Problems with the articles' links: a Bullpen path (the card's second button, a link in the
 * text) must be a real page: a route, a lesson or another article; outside links are https.
 */
export function articleLinkProblems(
  articles: readonly ArticleSource[],
  lessonSlugs: ReadonlySet<string>,
): string[] {
  const known = {
    lessonSlugs,
    articleAliases: new Set(articles.map((article) => article.front.alias)),
  };
  const problems: string[] = [];
  for (const article of articles) {
    for (const href of [article.front.second_path, ...markdownLinks(article.body)]) {
      if (href.startsWith('https://')) continue;
      if (!href.startsWith('/') || !isKnownRoute(href, known)) {
        problems.push(`${article.file}: link ${href} leads to no Bullpen page`);
      }
    }
  }
  return problems;
}
