import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: app.database.kind, storage: app.storage.kind, mail: config.mail.kind },
    `PrintLoop is serving ${config.publicUrl}`,
  );
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
