import { z } from 'zod';

/**
 * Creating an API key (API.md §5): the request the web form and the server both check. A module of
 * its own, so the web app's form takes this schema without the public API's others (whose zod kinds
 * would then join the zod code every page shares). The key object is in v1.ts.
 */

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Please name the key' }).max(100),
    mode: z.enum(['test', 'live'], { error: 'mode is test or live' }),
  })
  .strict();
