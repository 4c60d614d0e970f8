import fs from 'node:fs';
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { isCalculatorName } from '@bullpen/contract/calculator-names';
import { plainTextOf } from './markup.ts';

/**
 * Markdown in the repo (lessons, articles) → sanitised HTML, with well-kept libraries
 * (`marked`, `sanitize-html`), never by hand. The allow-list is what a reading needs: headings
 * from h2, paragraphs, lists, emphasis, links, tables, quotes and code, and the place of a
 * calculator: `<div data-calculator="loan-payoff"></div>` keeps its attribute only with a name of
 * the contract's `calculatorNames` (the lesson page mounts that calculator there).
 */
/** The attribute that marks a calculator's place in a lesson. */
export const CALCULATOR_ATTRIBUTE = 'data-calculator';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    th: ['align'],
    td: ['align'],
    div: [CALCULATOR_ATTRIBUTE],
  },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // A calculator's place keeps its name only when it names a calculator; any div, no other attribute.
    div: (tagName, attribs): sanitizeHtml.Tag => {
      const name = attribs[CALCULATOR_ATTRIBUTE];
      return {
        tagName,
        attribs: isCalculatorName(name) ? { [CALCULATOR_ATTRIBUTE]: name } : {},
      };
    },
    // A link out of Bullpen opens in a new tab without handing it our window.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      const outside: sanitizeHtml.Attributes = /^https:/i.test(href)
        ? { target: '_blank', rel: 'noopener noreferrer' }
        : {};
      return { tagName, attribs: { href, ...outside } };
    },
  },
};

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, sanitizeOptions);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** A Markdown file's YAML front matter and body; problems are pushed with the file's name. */
export function readMarkdownFile(
  file: string,
  name: string,
  problems: string[],
): { data: unknown; body: string } | null {
  const text = fs.readFileSync(file, 'utf8');
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    problems.push(`${name}: no front matter (the file starts with a --- block)`);
    return null;
  }
  try {
    return { data: parseYaml(match[1]!), body: match[2]!.trim() };
  } catch (error) {
    problems.push(`${name}: the front matter is not YAML: ${(error as Error).message}`);
    return null;
  }
}

/** The links of a Markdown text (href of every link token, nested ones included). */
export function markdownLinks(markdown: string): string[] {
  const links: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'link') links.push((token as Tokens.Link).href);
  });
  return links;
}

const CALCULATOR_PLACE = /<div\s[^>]*data-calculator\s*=\s*["']?([^"'\s>]*)/gi;

/** The calculator names a Markdown text places (`<div data-calculator="…">`), known or not. */
export function markdownCalculators(markdown: string): string[] {
  const names: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type !== 'html') return;
    for (const match of (token as Tokens.HTML).text.matchAll(CALCULATOR_PLACE)) {
      names.push(match[1] ?? '');
    }
  });
  return names;
}

/** The bold phrases of a Markdown text (`**term**`), as plain text: where a term is taught. */
export function markdownStrong(markdown: string): string[] {
  const strong: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'strong') strong.push(plain((token as Tokens.Strong).text));
  });
  return strong;
}

/** The headings of a Markdown text, as plain text. */
export function markdownHeadings(markdown: string): { depth: number; text: string }[] {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.Heading => token.type === 'heading')
    .map((token) => ({ depth: token.depth, text: token.text }));
}

/**
 * The prose of a Markdown text as blocks of plain text (a paragraph, a list item, a table
 * cell), for measuring readability: each block ends a sentence even without a full stop, the
 * way a reader takes a bullet. Headings are left out: they are labels, not sentences, and
 * counting them would make every text look easier than it is.
 */
export function proseBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      switch (token.type) {
        case 'paragraph':
          blocks.push(plain((token as Tokens.Paragraph).text));
          break;
        case 'list':
          for (const item of (token as Tokens.List).items) visit(item.tokens);
          break;
        case 'blockquote':
          visit((token as Tokens.Blockquote).tokens);
          break;
        case 'table': {
          const table = token as Tokens.Table;
          for (const cell of table.header) blocks.push(plain(cell.text));
          for (const row of table.rows) for (const cell of row) blocks.push(plain(cell.text));
          break;
        }
        case 'text':
          blocks.push(plain((token as Tokens.Text).text));
          break;
        default:
          break;
      }
    }
  };
  visit(marked.lexer(markdown));
  return blocks.filter((block) => block.trim().length > 0);
}

function plain(markdownInline: string): string {
  const html = marked.parseInline(markdownInline) as string;
  return plainTextOf(html).replace(/\s+/g, ' ').trim();
}
