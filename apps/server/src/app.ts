import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { type Auth, createAuth, resolveAuthSecret } from './auth/auth.js';
import { SessionCache } from './auth/require-user.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { LeadTimes, seedFleet } from './farm/farm.js';
import { canonicalUrl } from './http/canonical-url.js';
import { useOriginCheck } from './http/origin-check.js';
import { StorePushQueue } from './integrations/pushes.js';
import { resolveSecretsKey, Vault } from './integrations/secrets.js';
import { tooManyRequests } from './lib/errors.js';
import { createMailer, type Mailer, trackSends } from './mail/mailer.js';
import { ModelService, type ModelServiceOptions } from './models/model-service.js';
import { TestClock } from './orders/test-clock.js';
import { useErrorHandler } from './plugins/errors.js';
import { webPlugin } from './plugins/web.js';
import { accountRoutes } from './routes/api/account.js';
import { apiKeyRoutes } from './routes/api/api-keys.js';
import { type AuthRouteOptions, authRoutes } from './routes/api/auth.js';
import { contactRoutes } from './routes/api/contact.js';
import { dashboardRoutes } from './routes/api/dashboard.js';
import { farmRoutes } from './routes/api/farm.js';
import { healthRoutes } from './routes/api/health.js';
import { integrationRoutes } from './routes/api/integrations.js';
import { jobRoutes } from './routes/api/jobs.js';
import { opsRoutes } from './routes/api/ops.js';
import { orderRoutes } from './routes/api/orders.js';
import { quoteRoutes } from './routes/api/quotes.js';
import { webhookEndpointRoutes } from './routes/api/webhook-endpoints.js';
import { storeWebhookRoutes } from './routes/store-webhooks.js';
import { v1Routes } from './routes/v1/index.js';
import { openApiRoute, registerOpenApi } from './routes/v1/openapi.js';
import { createStorage } from './storage/index.js';
import type { Storage } from './storage/storage.js';
import { type DispatcherOptions, WebhookDispatcher } from './webhooks/delivery.js';
import { SecretBox } from './webhooks/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: Storage;
    mailer: Mailer;
    auth: Auth;
    models: ModelService;
    sessions: SessionCache;
    /** The webhook delivery worker (started by server.ts; tests drive it). */
    webhooks: WebhookDispatcher;
    /** Test mode's simulated clock (started by server.ts; tests drive it). */
    testClock: TestClock;
    /** Seals and opens webhook endpoint secrets. */
    secretBox: SecretBox;
    /** Lead times of new orders from the farm's live queue. */
    leadTimes: LeadTimes;
    /** Seals and opens store credentials (SECRETS_KEY, AES-256-GCM). */
    vault: Vault;
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
  /**
   * Where the embedded database runs: its own thread (the default, the built server's way) or this
   * thread (tests, which run from source).
   */
  pgliteThread?: 'worker' | 'inline';
  /** Worker lanes: limits per user and queue sizes (tests set small ones). */
  models?: Omit<ModelServiceOptions, 'inline'>;
  /** How long a health probe is reused (default 2 s; tests set 0). */
  healthCacheMs?: number;
  /** Replace the mailer (tests capture messages). */
  mailer?: Mailer;
  /** Webhook worker settings beyond the config (tests shorten the lease and the poll). */
  webhooks?: Partial<DispatcherOptions>;
  /** Test clock poll interval (tests). */
  testClockPollMs?: number;
}

/** Build the whole application as one Fastify instance. Tests call this; server.ts only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
              'req.headers["x-shopify-access-token"]',
              'req.headers["x-shopify-hmac-sha256"]',
              'req.headers["x-wc-webhook-signature"]',
            ],
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // One canonical path before routing: dot segments, %2e, backslashes and repeated slashes cannot
    // reach a route by a spelling that escapes its limits.
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
  });

  const authLimits = options.authRateLimit ?? {
    perIp: { max: config.authRateLimit, windowMs: 15 * 60 * 1000 },
    perEmail: { max: 10, windowMs: 15 * 60 * 1000 },
  };
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(config.database, {
      log: app.log,
      ...(options.pgliteThread ? { pgliteThread: options.pgliteThread } : {}),
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  // The farm's fleet (FARM_PRINTERS), on first start only: afterwards operators manage it.
  await seedFleet(app);
  app.decorate('leadTimes', new LeadTimes(() => app.database.db));
  app.decorate('storage', createStorage(config.storage));
  const models = new ModelService(app.storage, {
    ...options.models,
    inline: options.inlineModels ?? false,
  });
  app.decorate('models', models);
  app.decorate('sessions', new SessionCache());
  app.addHook('onClose', () => models.close());
  const mailer = trackSends(options.mailer ?? createMailer(config.mail, app.log));
  app.decorate('mailer', mailer);
  // a message already being sent (written to the outbox, handed to SMTP) finishes before shutdown
  app.addHook('onClose', () => mailer.settled());
  const serverSecret = await resolveAuthSecret(config);
  const secretBox = new SecretBox(serverSecret);
  app.decorate('secretBox', secretBox);
  const webhooks = new WebhookDispatcher(app, secretBox, {
    ...config.webhooks,
    allowPrivateNetwork: config.allowPrivateNetwork,
    ...options.webhooks,
  });
  app.decorate('webhooks', webhooks);
  app.decorate('vault', new Vault(await resolveSecretsKey(config)));
  // Tracking owed to connected stores is a second kind of delivery drained by the same worker.
  webhooks.addQueue(
    new StorePushQueue(app, {
      retryScheduleS: config.webhooks.retryScheduleS,
      timeoutS: config.webhooks.timeoutS,
      allowPrivateNetwork: config.allowPrivateNetwork,
    }),
  );
  const testClock = new TestClock(app, options.testClockPollMs);
  app.decorate('testClock', testClock);
  // Stop the workers before the database closes (they may be mid-attempt).
  app.addHook('onClose', async () => {
    await testClock.stop();
    await webhooks.stop();
  });
  app.decorate(
    'auth',
    createAuth({
      config,
      db: database.db,
      mailer,
      secret: serverSecret,
      onResetLink: (link) => app.log.info({ link }, 'password reset link (no SMTP_URL set: see the outbox)'),
      onVerificationLink: (link) =>
        app.log.info({ link }, 'email verification link (no SMTP_URL set: see the outbox)'),
      log: app.log,
      limiter: {
        windowS: Math.ceil(authLimits.perIp.windowMs / 1000),
        max: authLimits.perIp.max * 2,
      },
    }),
  );
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('request-id', request.id);
    // Answers of the session API are personal: never stored by the browser or a shared cache.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });

  // Every route's request and response schemas are zod schemas from @printloop/contracts: requests are
  // checked, and responses serialised through their schema, so a field not in it never leaks.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  useErrorHandler(app);
  useOriginCheck(app, config.publicUrl);

  await app.register(helmet, {
    // HTML pages carry their own per-page CSP (inline script hashes); API responses get the strictest one.
    // No helmet defaults: they would add upgrade-insecure-requests to a site served over plain http.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Rate-limit counters: in memory, or shared by every process through Redis when REDIS_URL is set.
  // If Redis is unreachable the limits are skipped (and Better Auth's own limiter still holds).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ msg: err.message }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'printloop-rl:', skipOnError: true } : {}),
    // RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (the IETF draft's names; API.md §3).
    enableDraftSpec: true,
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(
        `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
        ctx.ttl / 1000,
      ),
  });

  // The OpenAPI document collects the routes as they are registered below.
  await registerOpenApi(app);
  await app.register(healthRoutes, { max: config.healthRateLimit, cacheMs: options.healthCacheMs ?? 2000 });
  await app.register(authRoutes, authLimits);
  await app.register(jobRoutes, { quotaBytes: config.storageQuotaBytes });
  await app.register(quoteRoutes);
  await app.register(accountRoutes);
  await app.register(orderRoutes);
  await app.register(opsRoutes);
  await app.register(farmRoutes);
  await app.register(dashboardRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(integrationRoutes);
  await app.register(storeWebhookRoutes);
  await app.register(v1Routes, { prefix: '/v1', rateLimit: config.apiRateLimit });
  openApiRoute(app);
  await app.register(contactRoutes, options.contactRateLimit ?? { max: 5, windowMs: 10 * 60 * 1000 });
  await app.register(webPlugin, {
    buildDir: config.webBuildDir,
    publicUrl: config.publicUrl,
    ...(config.company.website ? { companyWebsite: config.company.website } : {}),
  });

  return app;
}
