import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { useErrorHandler } from './errors.js';

async function appWith(handler: () => unknown) {
  const app = Fastify({ logger: false });
  useErrorHandler(app);
  app.get('/boom', handler);
  app.get('/api/auth/boom', handler);
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('never leaks the text of a 5xx, and names the request', async () => {
    const app = await appWith(() => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('ECONNREFUSED');
    expect(res.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
        requestId: expect.any(String),
      },
    });
  });

  it('passes an AppError through with its status, code, message and fields', async () => {
    const app = await appWith(() => {
      throw new AppError(422, 'UNREADABLE_MODEL', 'The file is empty.', { file: 'empty' });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'UNREADABLE_MODEL',
      message: 'The file is empty.',
      fields: { file: 'empty' },
    });
  });

  it("answers auth routes in Better Auth's shape", async () => {
    const app = await appWith(() => {
      throw new AppError(429, 'RATE_LIMITED', 'Too many attempts.');
    });
    const res = await app.inject({ method: 'GET', url: '/api/auth/boom' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts.' });
  });
});
