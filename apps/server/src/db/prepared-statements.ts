import type pg from 'pg';

/**
 * Named statements for PostgreSQL: a statement that a process sends again and again gets a name,
 * so each pool connection parses and plans it once and from then on only binds and executes it
 * (node-postgres remembers, per connection, which names it has prepared). drizzle sends every
 * query unnamed, which makes PostgreSQL parse and plan it on every call; postgres.js, by
 * contrast, names every statement by default. The same text always gets the same name.
 *
 * A text gets its name the second time it is seen, so a statement built once (a long `in (…)`
 * list, a migration) never takes a slot on the server; at most `limit` texts are named, so the
 * plans each connection keeps stay bounded; longer texts than `maxLength` are left unnamed.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seenOnce = new Set<string>();
  readonly #limit: number;
  readonly #maxLength: number;

  constructor({ limit = 500, maxLength = 8_000 }: { limit?: number; maxLength?: number } = {}) {
    this.#limit = limit;
    this.#maxLength = maxLength;
  }

  /** The name of this statement's text, or undefined while it stays unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (text.length > this.#maxLength || this.#names.size >= this.#limit) return undefined;
    if (!this.#seenOnce.has(text)) {
      // Bounded like the names: once full, a text is simply not remembered.
      if (this.#seenOnce.size < this.#limit * 4) this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    const name = `bullpen_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

type QueryConfig = { text?: unknown; name?: unknown };

/**
 * Sends `client`'s statements under their names from `names`. Only a query given as a config
 * object with text and no name of its own (how drizzle queries) is named; one given as a plain
 * string, or already named, goes as it came.
 */
export function nameStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [config, ...rest] = args;
    if (config && typeof config === 'object' && !(config as QueryConfig).name) {
      const { text } = config as QueryConfig;
      const name = typeof text === 'string' ? names.nameFor(text) : undefined;
      if (name !== undefined) return query({ ...config, name }, ...rest);
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
}
