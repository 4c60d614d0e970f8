/*
 * Zod compiles fast parsers with `new Function` unless told not to, and decides when a schema
 * is built. Schemas are built as the app's modules load, some in chunks that run before the
 * entry's own code, so the switch is set here, in a classic script that runs before any
 * module (the server's CSP has no 'unsafe-eval'; see src/lib/zod-config.ts).
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
