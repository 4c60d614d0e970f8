import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The lint rules of docs/decisions/009 must catch what they are for: each case below is a
// deliberate violation (or a legal import) linted with the repository's own configuration.
const root = path.resolve(import.meta.dirname, '../../../..');
const boundaries = createRequire(import.meta.url)(path.join(root, 'boundaries.cjs')) as {
  schemaOwners: Record<string, string>;
  sqlInQueriesOnly: string[];
};
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// ESLint loads the whole configuration (typescript-eslint included) on the first lint: slow
// on a busy machine.
describe('table ownership and feature lint rules', { timeout: 60_000 }, () => {
  it("refuses a server domain importing another domain's tables", async () => {
    const messages = await restrictedImports(
      'apps/server/src/trading/queries.ts',
      "import { contests } from '../db/schema/contests.ts';\nexport const x = contests;\n",
    );
    expect(messages).toEqual([expect.stringContaining("Another domain's tables")]);
  });

  it('refuses the index of every table outside db/', async () => {
    const messages = await restrictedImports(
      'apps/server/src/contests/x.ts',
      "import { users } from '../db/schema/index.ts';\nexport const x = users;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it("keeps a domain's own tables in its queries.ts and service.ts", async () => {
    const messages = await restrictedImports(
      'apps/server/src/trading/ledger.ts',
      "import { orders } from '../db/schema/trading.ts';\nexport const x = orders;\n",
    );
    expect(messages).toEqual([
      expect.stringContaining("call a function of trading's queries modules"),
    ]);
  });

  it("keeps SQL in each domain's queries modules: services import neither a table nor drizzle-orm", async () => {
    const { schemaOwners, sqlInQueriesOnly } = boundaries;
    const owned = Object.entries(schemaOwners).filter(([, owner]) =>
      sqlInQueriesOnly.includes(owner),
    );
    expect(owned.map(([, owner]) => owner)).toEqual(
      expect.arrayContaining(['trading', 'contests', 'learn', 'zogo', 'auth']),
    );
    for (const [schema, owner] of owned) {
      const code = `import { sql } from 'drizzle-orm';\nimport * as tables from '../db/schema/${schema}.ts';\nexport const x = [sql, tables];\n`;
      expect(await restrictedImports(`apps/server/src/${owner}/service.ts`, code), owner).toEqual([
        expect.stringContaining('No SQL here'),
        expect.stringContaining(`${owner}'s queries modules only`),
      ]);
      expect(await restrictedImports(`apps/server/src/${owner}/queries.ts`, code), owner).toEqual(
        [],
      );
      expect(
        await restrictedImports(`apps/server/src/${owner}/part-queries.ts`, code),
        owner,
      ).toEqual([]);
    }
  });

  it("keeps SQL in the queries modules of a domain's sub-folders too (classrooms)", async () => {
    const code =
      "import { sql } from 'drizzle-orm';\nimport { classrooms } from '../../db/schema/classrooms.ts';\nexport const x = [sql, classrooms];\n";
    expect(await restrictedImports('apps/server/src/classrooms/posts/service.ts', code)).toEqual([
      expect.stringContaining('No SQL here'),
      expect.stringContaining("classrooms's queries modules only"),
    ]);
    expect(
      await restrictedImports('apps/server/src/classrooms/posts/moderation-service.ts', code),
    ).toHaveLength(2);
    expect(await restrictedImports('apps/server/src/classrooms/posts/routes.ts', code)).toEqual([
      expect.stringContaining('No SQL here'),
      expect.stringContaining('Tables are read and written'),
    ]);
    expect(await restrictedImports('apps/server/src/classrooms/posts/queries.ts', code)).toEqual(
      [],
    );
    expect(
      await restrictedImports('apps/server/src/classrooms/posts/moderation-queries.ts', code),
    ).toEqual([]);
  });

  it('refuses a query builder in routes.ts', async () => {
    const messages = await restrictedImports(
      'apps/server/src/contests/routes.ts',
      "import { sql } from 'drizzle-orm';\nexport const x = sql`select 1`;\n",
    );
    expect(messages).toEqual([expect.stringContaining('No SQL here')]);
  });

  it("allows a domain's own tables", async () => {
    const messages = await restrictedImports(
      'apps/server/src/trading/queries.ts',
      "import { orders } from '../db/schema/trading.ts';\nexport const x = orders;\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a web feature importing another feature or the app shell', async () => {
    const messages = await restrictedImports(
      'apps/web/src/features/contests/x.ts',
      "import { a } from '@/features/market/a.ts';\nimport { b } from '@/app/b.ts';\nexport const x = [a, b];\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('never imports another feature'),
      expect.stringContaining('app shell'),
    ]);
  });
});

describe('import graph (dependency-cruiser)', () => {
  const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));

  async function violations(paths: string[], exclude = config.options.exclude) {
    const previous = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(paths, {
        ...config.options,
        exclude,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
      });
      return (result.output as ICruiseResult).summary.violations.map(
        (v) => `${v.rule.name}: ${v.from} -> ${v.to}`,
      );
    } finally {
      process.chdir(previous);
    }
  }

  it('finds no cycle and no foreign table import in the server, the contract or the web app', async () => {
    expect(await violations(['apps/server/src', 'packages/contract/src', 'apps/web/src'])).toEqual(
      [],
    );
  }, 60_000);

  it('names every server folder in the domain map or among the files that compose it', () => {
    const { domainOrder, composition } = createRequire(import.meta.url)(
      path.join(root, 'boundaries.cjs'),
    ) as { domainOrder: (string | string[])[]; composition: string[] };
    const known = new Set([...domainOrder.flat(), ...composition]);
    const entries = fs
      .readdirSync(path.join(root, 'apps/server/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(entries.filter((name) => !known.has(name))).toEqual([]);
  });

  it('reports a cycle and a foreign table import in a fixture', async () => {
    const found = await violations(['apps/server/src/platform/boundaries-fixture'], {
      path: 'node_modules',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-circular: .*boundaries-fixture\/a\.ts/),
        expect.stringMatching(
          /^tables-of-contests: .*boundaries-fixture\/a\.ts -> apps\/server\/src\/db\/schema\/contests\.ts/,
        ),
        expect.stringMatching(
          /^domain-order-platform-db: .*boundaries-fixture\/c\.ts -> apps\/server\/src\/users\/queries\.ts/,
        ),
      ]),
    );
  }, 60_000);
});
