// The other half of the deliberate cycle of boundaries.test.ts.
import { a } from './a.ts';

export const b = () => a;
