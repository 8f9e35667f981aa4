import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Auth, createAuth, resolveAuthSecret } from './auth/auth.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { AppError } from './lib/errors.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { ModelService } from './models/model-service.js';
import { useErrorHandler } from './plugins/errors.js';
import { webPlugin } from './plugins/web.js';
import { useZodValidation } from './plugins/zod.js';
import { type AuthRouteOptions, authRoutes } from './routes/api/auth.js';
import { contactRoutes } from './routes/api/contact.js';
import { healthRoutes } from './routes/api/health.js';
import { jobRoutes } from './routes/api/jobs.js';
import { quoteRoutes } from './routes/api/quotes.js';
import { createStorage } from './storage/index.js';
import type { Storage } from './storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: Storage;
    mailer: Mailer;
    auth: Auth;
    models: ModelService;
  }
}

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Contact form limit per IP: default 5 per 10 minutes. */
  contactRateLimit?: { max: number; windowMs: number };
  /** Sign-in, sign-up and reset limits: default 20 per IP and 10 per email per 15 minutes. */
  authRateLimit?: AuthRouteOptions;
  /** Run model analysis and estimates in this thread instead of worker threads (tests run from source). */
  inlineModels?: boolean;
  /** Replace the mailer (tests capture messages). */
  mailer?: Mailer;
}

/** Build the whole application as one Fastify instance. Tests call this; server.ts only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', createStorage(config.storage));
  const models = new ModelService(app.storage, { inline: options.inlineModels ?? false });
  app.decorate('models', models);
  app.addHook('onClose', () => models.close());
  const mailer = options.mailer ?? createMailer(config.mail, app.log);
  app.decorate('mailer', mailer);
  app.decorate(
    'auth',
    createAuth({
      config,
      db: database.db,
      mailer,
      secret: await resolveAuthSecret(config),
      onResetLink: (link) => app.log.info({ link }, 'password reset link (no SMTP_URL set: see the outbox)'),
    }),
  );
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  useZodValidation(app);
  useErrorHandler(app);

  await app.register(helmet, {
    // HTML pages carry their own per-page CSP (inline script hashes); API responses get the strictest one.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      ),
  });

  await app.register(healthRoutes);
  await app.register(
    authRoutes,
    options.authRateLimit ?? {
      perIp: { max: 20, windowMs: 15 * 60 * 1000 },
      perEmail: { max: 10, windowMs: 15 * 60 * 1000 },
    },
  );
  await app.register(jobRoutes);
  await app.register(quoteRoutes);
  await app.register(contactRoutes, options.contactRateLimit ?? { max: 5, windowMs: 10 * 60 * 1000 });
  await app.register(webPlugin, { buildDir: config.webBuildDir, publicUrl: config.publicUrl });

  return app;
}
