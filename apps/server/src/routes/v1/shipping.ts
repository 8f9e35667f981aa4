import {
  idempotencyHeadersSchema,
  isCountryCode,
  listOf,
  shippingRateObjectSchema,
  shippingRatesBodySchema,
  shippingRatesQuerySchema,
  v1ErrorSchema,
} from '@printloop/contracts';
import { type ShippingRate, shippingRates } from '@printloop/quote';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { estimateJob } from '../../jobs/jobs.js';
import { badRequest } from '../../lib/errors.js';
import { callerOf, fileOf, lineParameters } from './common.js';
import { productOf } from './quotes.js';

function rateDto(r: ShippingRate) {
  return {
    id: r.id,
    carrier: r.carrier,
    carrier_name: r.carrier_name,
    service: r.service,
    amount: r.amount,
    currency: 'GBP' as const,
    estimated_days: r.estimated_days,
  };
}

function checkCountry(country: string) {
  if (!isCountryCode(country))
    throw badRequest(`Unknown country "${country}": use an ISO 3166-1 alpha-2 code.`, {
      country: 'Unknown country',
    });
  return country;
}

/** Shipping rates (API.md §3): Royal Mail, DPD, DHL, FedEx and UPS by zone and weight. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: v1ErrorSchema, 401: v1ErrorSchema, 404: v1ErrorSchema, 429: v1ErrorSchema };
  app.get(
    '/shipping/rates',
    {
      schema: {
        summary: 'Shipping rates for a weight',
        operationId: 'getShippingRates',
        description: 'Rates to a country for goods of `weight_grams` (packaging is added), cheapest first.',
        tags: ['Shipping'],
        querystring: shippingRatesQuerySchema,
        response: { 200: listOf(shippingRateObjectSchema), ...errors },
      },
    },
    async (request) => {
      callerOf(request);
      const country = checkCountry(request.query.country);
      return {
        object: 'list' as const,
        data: shippingRates.rates({ country, goodsWeightG: request.query.weight_grams }).map(rateDto),
        has_more: false,
      };
    },
  );

  app.post(
    '/shipping/rates',
    {
      schema: {
        summary: 'Shipping rates for items',
        operationId: 'createShippingRates',
        headers: idempotencyHeadersSchema,
        description:
          "The weight comes from each item's estimated filament × quantity (files or products), as an order would weigh.",
        tags: ['Shipping'],
        body: shippingRatesBodySchema,
        response: { 200: listOf(shippingRateObjectSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const country = checkCountry(request.body.country);
      let grams = 0;
      for (const [i, item] of request.body.items.entries()) {
        const at = `items.${i}.`;
        let defaults = null;
        let fileId = item.file_id;
        if (item.product_id) {
          const product = await productOf(app, caller, item.product_id, `${at}product_id`);
          defaults = product.defaults;
          fileId = `file_${product.jobId.replaceAll('-', '')}`;
        }
        if (!fileId)
          throw badRequest(`items[${i}] needs a file_id or a product_id.`, { [`${at}file_id`]: 'Required' });
        const job = await fileOf(app, caller, fileId, `${at}file_id`);
        const estimate = await estimateJob(
          app,
          job,
          lineParameters(item, defaults, at, { requireColor: false }),
        );
        grams += estimate.filament_g * item.quantity;
      }
      return {
        object: 'list' as const,
        data: shippingRates.rates({ country, goodsWeightG: grams }).map(rateDto),
        has_more: false,
      };
    },
  );
};
