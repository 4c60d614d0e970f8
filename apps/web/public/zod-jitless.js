/*
 * Zod compiles fast parsers with `new Function` unless told not to; its first parse probes for
 * that, and under the server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * the probe is reported as a `securitypolicyviolation`. The app parses small forms, so the
 * interpreter is fast enough. Schemas are built as the app's modules load, in chunks loaded
 * on demand (zod is not in the entry), so the switch is set here, in a classic script that
 * runs before any module; zod reads this global config when it loads. index.html loads it with
 * `defer`: deferred scripts and module scripts run in document order, so it still runs first,
 * and it no longer holds up the parser.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
