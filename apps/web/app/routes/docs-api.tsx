import openapi from '../../generated/openapi.json';
import { paths } from '../config/paths';
import { type ApiReferenceData, ApiReferenceView } from '../features/docs/ApiReferenceView';
import { objectExamples, responseExample } from '../features/docs/examples';
import { buildApiReference, type OpenApiDocument } from '../features/docs/openapi';
import { operationSamples } from '../features/docs/samples';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/docs-api';

export const meta = () =>
  pageMeta({
    title: 'API reference: orders and products',
    description:
      'Reference for the PrintLoop REST API v1: files, quotes, products, orders and shipping rates; every parameter, field and error code, with cURL, JavaScript and Python samples.',
    path: paths.apiReference,
  });

/**
 * Runs at build time (the page is prerendered): the OpenAPI document that the build wrote from the
 * server's own schemas (scripts/openapi.ts) becomes the page's data, with the samples and examples.
 * Neither the document nor this code reaches the browser's bundle; the data comes with the HTML.
 */
export function loader(): ApiReferenceData {
  const model = buildApiReference(openapi as unknown as OpenApiDocument);
  const apiBase = `${model.serverUrl}/v1`;
  const operationExamples: Record<string, string> = {};
  for (const op of model.tags.flatMap((t) => t.operations)) {
    const success = op.responses.find((r) => Number(r.status) < 300 && r.object);
    const example = success?.object ? responseExample(success.object.name, success.list) : null;
    if (example) operationExamples[op.operationId] = example;
  }
  return {
    model,
    apiBase,
    samples: operationSamples(apiBase),
    operationExamples,
    objectExamples: Object.fromEntries(
      Object.keys(objectExamples).flatMap((name) => {
        const example = responseExample(name, false);
        return example ? [[name, example]] : [];
      }),
    ),
  };
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  return <ApiReferenceView data={loaderData} />;
}
