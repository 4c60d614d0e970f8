// A deliberate violation for boundaries.test.ts: the platform, first in the domain map, asks
// the users domain, which comes after it. Not imported by the app.
import { findUserById } from '../../users/queries.ts';

export const c = findUserById;
