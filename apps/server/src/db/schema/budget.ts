import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ExpenseLine, IncomeLine, SavingsGoal } from '@bullpen/contract/budget';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * A student's master budgets (route /budgeting). The lines and goals are validated jsonb, not
 * child tables: they are always read and written with their budget (a PUT replaces them all,
 * as one row update, so it is atomic without a multi-statement transaction), never queried one
 * by one, and bounded by the contract's limits (100 lines per kind, 20 goals), so a row stays
 * small. The contract's `budgetBodySchema` checks them on the way in.
 */
export const masterBudgets = pgTable(
  'master_budgets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    incomes: jsonb().$type<IncomeLine[]>().notNull(),
    expenses: jsonb().$type<ExpenseLine[]>().notNull(),
    goals: jsonb().$type<SavingsGoal[]>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('master_budgets_owner_idx').on(table.ownerId, table.id)],
);
