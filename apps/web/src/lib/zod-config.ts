import { z } from 'zod';

/**
 * Zod compiles fast parsers with `new Function` unless told not to; its first parse probes
 * for that, and under the server's Content-Security-Policy (`script-src 'self'`, no
 * 'unsafe-eval') the probe is reported as a `securitypolicyviolation` on every page. The app
 * parses small forms, so the interpreter is fast enough. Imported first by main.tsx; as a
 * schema built before this runs (in a chunk the entry imports) would still probe,
 * public/zod-jitless.js sets the same switch before any module loads.
 */
z.config({ jitless: true });
