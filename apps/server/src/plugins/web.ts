import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rewriteSiteHtml, type SiteValues } from './site-html.js';

interface Page {
  html: string;
  csp: string;
}

/** The Content-Security-Policy for one HTML page: its own inline scripts are allowed by hash, nothing else. */
export function contentSecurityPolicy(scriptHashes: readonly string[], https = true): string {
  const scriptSrc = ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((h) => `'${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only a site served over https can upgrade its requests; on http it would break every asset.
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const noindex = /<meta[^>]+name="robots"[^>]+content="[^"]*noindex/i;
const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(inlineScript)) {
    const body = m[1] ?? '';
    if (body.length > 0) hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

async function findPages(
  root: string,
  https: boolean,
  site: SiteValues,
  dir = root,
): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'assets') continue;
      for (const [k, v] of await findPages(root, https, site, full)) pages.set(k, v);
    } else if (entry.name === 'index.html') {
      const rel = path.relative(root, dir).split(path.sep).join('/');
      const html = rewriteSiteHtml(await readFile(full, 'utf8'), site);
      pages.set(rel ? `/${rel}` : '/', { html, csp: contentSecurityPolicy(inlineScriptHashes(html), https) });
    }
  }
  return pages;
}

/**
 * The app's pages whose path holds an id (`/checkout/{quoteId}`, `/orders/{id}`, `/dashboard/orders/{id}`):
 * they cannot be prerendered, so the server answers them with the SPA shell, which renders the page in
 * the browser (the web app's `config/paths.ts` lists the same routes). Anything deeper is still a 404.
 */
export const SPA_SHELL_ROUTES = ['/checkout/:quoteId', '/orders/:id', '/dashboard/orders/:id'] as const;
const SPA_SHELL_FILE = '__spa-fallback.html';

export interface WebOptions {
  buildDir: string;
  publicUrl: string;
  /** COMPANY_WEBSITE: the footer's company link. */
  companyWebsite?: string;
}

/**
 * Serves the prerendered web app: every page's HTML from memory (no-cache, per-page CSP), hashed assets
 * with a one-year immutable cache, other public files for an hour, sitemap.xml, robots.txt, the SPA shell
 * for the private pages whose path holds an id (SPA_SHELL_ROUTES), and a real 404 page with status 404
 * for any other unknown path.
 */
export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  const hasBuild = existsSync(path.join(opts.buildDir, 'index.html'));
  const https = opts.publicUrl.startsWith('https://');
  const site: SiteValues = {
    publicUrl: opts.publicUrl,
    ...(opts.companyWebsite ? { companyWebsite: opts.companyWebsite } : {}),
  };
  const pages = hasBuild ? await findPages(opts.buildDir, https, site) : new Map<string, Page>();
  const notFoundPage = pages.get('/404');
  pages.delete('/404');
  const shellFile = path.join(opts.buildDir, SPA_SHELL_FILE);
  const shellHtml =
    hasBuild && existsSync(shellFile) ? rewriteSiteHtml(await readFile(shellFile, 'utf8'), site) : null;
  const shellPage: Page | null = shellHtml
    ? { html: shellHtml, csp: contentSecurityPolicy(inlineScriptHashes(shellHtml), https) }
    : null;

  const assetPolicy = contentSecurityPolicy([], https);
  const sendPage = (reply: FastifyReply, page: Page, status = 200) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.csp)
      .send(page.html);

  // /about/ -> /about (before the static handler sees a directory).
  app.addHook('onRequest', async (request, reply) => {
    const [url, query] = request.url.split('?', 2) as [string, string | undefined];
    if (url.length > 1 && url.endsWith('/') && pages.has(url.replace(/\/+$/, ''))) {
      return reply.redirect(`${url.replace(/\/+$/, '')}${query ? `?${query}` : ''}`, 301);
    }
  });

  for (const [p, page] of pages) {
    app.get(p, (_req, reply) => sendPage(reply, page));
  }

  // Private pages with an id in the path: the SPA shell (never indexed); an empty id is the 404 page.
  if (shellPage) {
    for (const route of SPA_SHELL_ROUTES) {
      app.get(route, (request, reply) => {
        const id = Object.values(request.params as Record<string, string>)[0] ?? '';
        if (!id) return reply.callNotFound();
        return sendPage(reply.header('x-robots-tag', 'noindex'), shellPage);
      });
    }
  }

  // The sitemap lists the pages that may be indexed: each page says so itself (robots noindex).
  const sitemapPaths = [...pages].filter(([, page]) => !noindex.test(page.html)).map(([p]) => p);
  app.get('/sitemap.xml', (_req, reply) => {
    const urls = sitemapPaths
      .sort()
      .map((p) => `  <url><loc>${opts.publicUrl}${p === '/' ? '/' : p}</loc></url>`)
      .join('\n');
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
  app.get('/robots.txt', (_req, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${opts.publicUrl}/sitemap.xml\n`),
  );

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.buildDir,
      prefix: '/',
      index: false,
      redirect: false,
      wildcard: true,
      // HTML is served above from memory with its own headers; never as a raw static file.
      allowedPath: (pathname) => !pathname.endsWith('.html'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        // A worker's policy comes from its script's response: let it fetch and compile the STEP reader's WASM.
        reply.header('content-security-policy', assetPolicy);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/v1' || url.startsWith('/v1/')) {
      reply.header('request-id', request.id);
      return reply.status(404).send({
        error: {
          code: 'NOT_FOUND',
          message: `No route for ${request.method} ${url}`,
          request_id: request.id,
        },
      });
    }
    if (url.startsWith('/api/') || request.method !== 'GET' || !notFoundPage) {
      return reply.status(404).send({
        error: {
          code: 'NOT_FOUND',
          message: `No route for ${request.method} ${url}`,
          requestId: request.id,
        },
      });
    }
    return sendPage(reply, notFoundPage, 404);
  });
}
