import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { markEmbeddedDatabaseInUse } from './db/lock.js';
import { scheduleSweeps } from './storage/sweeper.js';

/** Start the server: load the config, build the app, listen, and shut down gracefully. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  app.server.requestTimeout = 5 * 60 * 1000; // large uploads on slow links
  app.server.headersTimeout = 60 * 1000;
  app.server.keepAliveTimeout = 72 * 1000;

  let closing = false;
  let stopSweeps = () => {};
  let releaseLock = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      stopSweeps();
      await app.close(); // stops the webhook worker and the test clock (onClose) before the database
      await releaseLock();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Orphaned files (a crash mid-upload) and unsaved uploads are removed at start and then periodically.
  stopSweeps = scheduleSweeps(app, config.sweep);
  // Webhook deliveries and test mode's clock run in every process (rows claimed with SKIP LOCKED).
  app.webhooks.start();
  app.testClock.start();
  if (config.database.kind === 'pglite') releaseLock = await markEmbeddedDatabaseInUse(config.dataDir);
  app.log.info(
    { database: app.database.kind, storage: app.storage.kind, mail: config.mail.kind },
    `PrintLoop is serving ${config.publicUrl}`,
  );
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
