import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column kinds the schema files share: money in integer cents, and instants in UTC. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
export const at = (name: string) => timestamp(name, { withTimezone: true });
