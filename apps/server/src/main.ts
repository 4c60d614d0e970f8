import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/connection.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { prepareData } from './startup.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
  });
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());
  await prepareData(app);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal} received, closing`);
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Bullpen is ready at ${config.publicUrl} (${database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

await main();
