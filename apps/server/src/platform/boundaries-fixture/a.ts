// A deliberate violation for boundaries.test.ts: platform reads the contests' table, and
// a.ts and b.ts import each other. Not imported by the app.
import { contests } from '../../db/schema/contests.ts';
import { b } from './b.ts';

export const a = [contests, b];
