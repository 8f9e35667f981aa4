import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH, tryItConfiguration } from './try-config';

describe('tryItConfiguration', () => {
  const config = tryItConfiguration('http://127.0.0.1:4123') as Record<string, unknown>;

  it('loads the document from the origin the page came from and sends requests there', () => {
    expect(config.url).toBe(`http://127.0.0.1:4123${OPENAPI_DOCUMENT_PATH}`);
    expect(config.baseServerURL).toBe('http://127.0.0.1:4123');
    expect(config.servers).toEqual([{ url: 'http://127.0.0.1:4123', description: 'This server' }]);
  });

  it('makes no request to anyone else: no proxy, fonts, telemetry, agent or MCP', () => {
    expect(config.proxyUrl).toBeUndefined();
    expect(config.withDefaultFonts).toBe(false);
    expect(config.telemetry).toBe(false);
    expect(config.agent).toEqual({ disabled: true });
    expect(config.mcp).toEqual({ disabled: true });
    // The "Open API Client" button links to Scalar's hosted client.
    expect(config.hideClientButton).toBe(true);
    expect(JSON.stringify(config)).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('asks for the bearer key of the document and forgets it with the page', () => {
    expect(config.authentication).toEqual({ preferredSecurityScheme: 'apiKey' });
    expect(config.persistAuth).toBe(false);
  });
});
