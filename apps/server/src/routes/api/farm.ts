import {
  apiErrorSchema,
  createPrinterSchema,
  failPrintSchema,
  farmStateSchema,
  printerIdParamsSchema,
  startPrintSchema,
  updatePrinterSchema,
} from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../auth/roles.js';
import {
  addPrinter,
  failPrint,
  farmStateDto,
  finishPrint,
  loadFarm,
  startPrint,
  updatePrinter,
} from '../../farm/farm.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * The production floor for operators: the fleet with its prints, the queue as the scheduler plans it,
 * and the actions confirmed from a printer's card. Every answer is the floor as it now is.
 */
export const farmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/ops/farm') || request.url.startsWith('/api/ops/printers'))
      await requireOperator(request);
  });

  // Every answer reads the floor afresh, and quotes in this process then see the change at once.
  const state = async () => {
    app.leadTimes.invalidate();
    return farmStateDto(await loadFarm(app.database.db));
  };

  app.get('/api/ops/farm', { schema: { response: { 200: farmStateSchema, ...errors } } }, state);

  app.post(
    '/api/ops/printers',
    { schema: { body: createPrinterSchema, response: { 201: farmStateSchema, ...errors } } },
    async (request, reply) => {
      await addPrinter(app.database.db, request.body);
      return reply.code(201).send(await state());
    },
  );

  app.patch(
    '/api/ops/printers/:id',
    {
      schema: {
        params: printerIdParamsSchema,
        body: updatePrinterSchema,
        response: { 200: farmStateSchema, ...errors },
      },
    },
    async (request) => {
      await updatePrinter(app, request.params.id, request.body);
      return state();
    },
  );

  app.post(
    '/api/ops/printers/:id/start',
    {
      schema: {
        params: printerIdParamsSchema,
        body: startPrintSchema.nullish(),
        response: { 200: farmStateSchema, ...errors },
      },
    },
    async (request) => {
      await startPrint(app, request.params.id, request.body?.job_id);
      return state();
    },
  );

  app.post(
    '/api/ops/printers/:id/finish',
    { schema: { params: printerIdParamsSchema, response: { 200: farmStateSchema, ...errors } } },
    async (request) => {
      await finishPrint(app, request.params.id);
      return state();
    },
  );

  app.post(
    '/api/ops/printers/:id/fail',
    {
      schema: {
        params: printerIdParamsSchema,
        body: failPrintSchema,
        response: { 200: farmStateSchema, ...errors },
      },
    },
    async (request) => {
      await failPrint(app, request.params.id, request.body.reason);
      return state();
    },
  );
};
