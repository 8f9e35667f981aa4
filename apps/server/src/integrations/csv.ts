import {
  CSV_FIELD_LABELS,
  CSV_FIELDS,
  CSV_MAX_ROWS,
  CSV_PRESETS,
  CSV_REQUIRED_FIELDS,
  type CsvField,
  type CsvImportResultDto,
  type CsvMapping,
  type CsvRowDto,
  type CsvSource,
  countryCodeOf,
  type ShippingAddress,
  shippingAddressSchema,
} from '@printloop/contracts';
import { PARAMETER_BOUNDS } from '@printloop/quote';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { csvImportMappings, orders } from '../db/schema.js';
import { AppError, badRequest } from '../lib/errors.js';
import { placeOrderFor, productLine, productsBySku, shippingChoiceOf } from './placement.js';

/**
 * CSV import (issue 16) for every marketplace without a connector: a file parsed by csv-parse (quoting,
 * a UTF-8 BOM, CRLF or LF, commas, semicolons or tabs), its columns mapped to order fields (remembered per
 * source, with presets for Etsy's and Amazon's exports), every row checked and shown before anything is
 * placed; rows of one order number are one order; a number already used by an order places nothing.
 */

export interface ParsedCsv {
  headers: string[];
  rows: { line: number; cells: string[] }[];
  /** Records csv-parse could not read, with its reason. */
  broken: { line: number; reason: string }[];
}

function delimiterOf(text: string): string {
  const first = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  const candidates = [',', '\t', ';'].map((c) => [c, count(c)] as const).sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

export function parseCsv(input: string): ParsedCsv {
  const broken: ParsedCsv['broken'] = [];
  // One line ending (CRLF, CR or LF) so every line number is the file's own.
  const text = input.replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      info: true,
      skip_empty_lines: true,
      relax_quotes: false,
      skip_records_with_error: true,
      on_skip: (err) => {
        if (err) {
          broken.push({
            line: Number((err as { lines?: number }).lines ?? 0),
            reason: readable(err.message),
          });
        }
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw badRequest(`The file could not be read as CSV: ${readable((err as Error).message)}`, {
      csv: 'Not a readable CSV file',
    });
  }
  if (records.length === 0) throw badRequest('The file has no header row.', { csv: 'No header row' });
  const [head, ...body] = records;
  const headers = head!.record.map((h) => h.trim());
  if (body.length > CSV_MAX_ROWS) {
    throw badRequest(`The file has ${body.length} rows; import at most ${CSV_MAX_ROWS} at a time.`, {
      csv: 'Too many rows',
    });
  }
  // A record that spans several lines (a quoted line break) is numbered by the line it starts on.
  const rows = body.map((r) => {
    const inner = r.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
    return { line: r.info.lines - inner, cells: r.record };
  });
  return { headers, rows, broken };
}

function readable(msg: string): string {
  return msg
    .replace(/^Invalid Record Length: /, 'wrong number of columns: ')
    .replace(/^Invalid Closing Quote: /, 'a quote is not closed properly: ')
    .replace(/^Invalid Opening Quote: /, 'a quote opens in the middle of a field: ')
    .replace(
      /^Quote Not Closed: .*/,
      'a quote opened here is never closed, so the rest of the file could not be read',
    );
}

const ALIASES: Record<CsvField, string[]> = {
  external_id: [
    'order id',
    'order-id',
    'order number',
    'order_number',
    'order no',
    'order',
    'orderid',
    'sales record number',
    'order #',
  ],
  sku: ['sku', 'item sku', 'custom label', 'custom label (sku)', 'product sku', 'variant sku', 'seller sku'],
  quantity: ['quantity', 'qty', 'quantity-purchased', 'quantity purchased', 'item quantity'],
  name: [
    'ship name',
    'recipient name',
    'recipient-name',
    'ship to name',
    'shipping name',
    'name',
    'post to name',
    'full name',
  ],
  street: [
    'ship address1',
    'ship-address-1',
    'address1',
    'address 1',
    'address line 1',
    'street',
    'shipping address 1',
    'post to address 1',
    'ship to address 1',
  ],
  street2: [
    'ship address2',
    'ship-address-2',
    'address2',
    'address 2',
    'address line 2',
    'shipping address 2',
    'post to address 2',
    'ship to address 2',
  ],
  city: ['ship city', 'ship-city', 'city', 'town', 'shipping city', 'post to city', 'ship to city'],
  state: [
    'ship state',
    'ship-state',
    'state',
    'county',
    'province',
    'region',
    'shipping province',
    'post to state',
    'ship to state',
  ],
  postal_code: [
    'ship zipcode',
    'ship-postal-code',
    'postcode',
    'postal code',
    'zip',
    'zipcode',
    'zip code',
    'shipping zip',
    'post to postal code',
    'ship to zip',
  ],
  country: [
    'ship country',
    'ship-country',
    'country',
    'country code',
    'shipping country',
    'post to country',
    'ship to country',
  ],
  phone: ['ship-phone-number', 'phone', 'phone number', 'ship phone', 'shipping phone'],
  email: ['buyer-email', 'email', 'buyer email', 'customer email'],
  service: ['ship-service-level', 'shipping service', 'service', 'shipping method', 'delivery service'],
};

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/** A mapping guessed from the headers (known names of each field's column). */
export function guessMapping(headers: string[]): CsvMapping {
  const out: CsvMapping = {};
  const byNorm = new Map(headers.map((h) => [norm(h), h]));
  for (const f of CSV_FIELDS) {
    for (const alias of ALIASES[f]) {
      const h = byNorm.get(norm(alias));
      if (h) {
        out[f] = h;
        break;
      }
    }
  }
  return out;
}

async function rememberedMapping(app: FastifyInstance, userId: string, source: CsvSource) {
  const [row] = await app.database.db
    .select({ mapping: csvImportMappings.mapping })
    .from(csvImportMappings)
    .where(and(eq(csvImportMappings.userId, userId), eq(csvImportMappings.source, source)));
  return (row?.mapping as CsvMapping | undefined) ?? null;
}

export async function rememberMapping(
  app: FastifyInstance,
  userId: string,
  source: CsvSource,
  mapping: CsvMapping,
) {
  await app.database.db
    .insert(csvImportMappings)
    .values({ userId, source, mapping: mapping as Record<string, string> })
    .onConflictDoUpdate({
      target: [csvImportMappings.userId, csvImportMappings.source],
      set: { mapping: mapping as Record<string, string>, updatedAt: sql`now()` },
    });
}

interface CheckedRow {
  dto: CsvRowDto;
  sku: string;
  quantity: number;
  address: ShippingAddress | null;
  service: string;
}

/** Every row checked, grouped into orders, with the orders already placed found. */
async function checkRows(
  app: FastifyInstance,
  userId: string,
  source: CsvSource,
  text: string,
  requested: CsvMapping | undefined,
) {
  const parsed = parseCsv(text);
  let origin: CsvImportResultDto['mapping_origin'];
  let mapping: CsvMapping;
  const remembered = requested ? null : await rememberedMapping(app, userId, source);
  const usable = (m: CsvMapping | null | undefined) =>
    !!m && CSV_REQUIRED_FIELDS.every((f) => m[f] && parsed.headers.includes(m[f]!));
  if (requested) {
    mapping = requested;
    origin = 'request';
  } else if (usable(remembered)) {
    mapping = remembered!;
    origin = 'remembered';
  } else if (usable(CSV_PRESETS[source])) {
    mapping = CSV_PRESETS[source]!;
    origin = 'preset';
  } else {
    mapping = guessMapping(parsed.headers);
    origin = 'guessed';
  }
  // Only columns the file has.
  mapping = Object.fromEntries(
    Object.entries(mapping).filter(([, h]) => h && parsed.headers.includes(h)),
  ) as CsvMapping;
  const missing = CSV_REQUIRED_FIELDS.filter((f) => !mapping[f]);
  const col = Object.fromEntries(
    CSV_FIELDS.map((f) => [f, mapping[f] ? parsed.headers.indexOf(mapping[f]!) : -1]),
  );
  const cell = (cells: string[], f: CsvField) => (col[f]! >= 0 ? (cells[col[f]!] ?? '').trim() : '');

  const skus = parsed.rows.map((r) => cell(r.cells, 'sku'));
  const bySku = missing.length ? new Map() : await productsBySku(app.database.db, userId, skus);
  const checked: CheckedRow[] = [];
  for (const b of parsed.broken) {
    checked.push({
      dto: {
        line: b.line,
        status: 'error',
        reason: `This row could not be read: ${b.reason}`,
        external_id: '',
        sku: '',
        quantity: '',
        name: '',
        city: '',
        country: '',
        service: '',
        order_id: null,
      },
      sku: '',
      quantity: 0,
      address: null,
      service: 'standard',
    });
  }
  for (const r of parsed.rows) {
    const get = (f: CsvField) => cell(r.cells, f);
    const dto: CsvRowDto = {
      line: r.line,
      status: 'ready',
      reason: null,
      external_id: get('external_id'),
      sku: get('sku'),
      quantity: get('quantity'),
      name: get('name'),
      city: get('city'),
      country: get('country'),
      service: get('service'),
      order_id: null,
    };
    const problems: string[] = [];
    if (missing.length)
      problems.push(`Choose the column of: ${missing.map((f) => CSV_FIELD_LABELS[f]).join(', ')}.`);
    if (!dto.external_id) problems.push('The order number is empty.');
    else if (dto.external_id.length > 100) problems.push('The order number is longer than 100 characters.');
    if (!dto.sku) problems.push('The SKU is empty.');
    else if (!missing.length && !bySku.has(dto.sku))
      problems.push(`No live product has the SKU “${dto.sku}”.`);
    const qty = Number(dto.quantity);
    if (!/^\d+$/.test(dto.quantity) || qty < 1 || qty > PARAMETER_BOUNDS.quantity.max) {
      problems.push(`The quantity must be a whole number from 1 to ${PARAMETER_BOUNDS.quantity.max}.`);
    }
    const country = countryCodeOf(dto.country);
    let address: ShippingAddress | null = null;
    if (!country) problems.push(dto.country ? `Unknown country “${dto.country}”.` : 'The country is empty.');
    else {
      const a = shippingAddressSchema.safeParse({
        name: dto.name,
        street: [get('street'), get('street2')].filter(Boolean).join(', '),
        city: dto.city,
        postal_code: get('postal_code'),
        country,
        ...(get('state') ? { state: get('state') } : {}),
        ...(get('phone') && /^\+?[0-9 ()-]{6,30}$/.test(get('phone')) ? { phone: get('phone') } : {}),
        ...(get('email') ? { email: get('email') } : {}),
      });
      if (a.success) address = a.data;
      else {
        const issue = a.error.issues[0]!;
        const field = String(issue.path[0] ?? '');
        const label: Record<string, string> = {
          name: 'Recipient',
          street: 'Address',
          city: 'Town or city',
          postal_code: 'Postcode',
          state: 'County or state',
          email: 'Email',
          phone: 'Phone',
        };
        problems.push(`${label[field] ?? 'Address'}: ${issue.message}.`);
      }
    }
    const service = shippingChoiceOf(dto.service);
    if (!service) problems.push(`Unknown shipping service “${dto.service}”: use standard or express.`);
    if (problems.length) {
      dto.status = 'error';
      dto.reason = problems.join(' ');
    }
    checked.push({ dto, sku: dto.sku, quantity: qty, address, service: service ?? 'standard' });
  }

  // Rows of one order number are one order: it is placed only when all of them are fine.
  const groups = new Map<string, CheckedRow[]>();
  for (const c of checked) {
    if (!c.dto.external_id) continue;
    const g = groups.get(c.dto.external_id) ?? [];
    g.push(c);
    groups.set(c.dto.external_id, g);
  }
  const ids = [...groups.keys()];
  const existing = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await app.database.db
      .select({ id: orders.id, externalId: orders.externalId })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.livemode, true),
          inArray(orders.externalId, ids.slice(i, i + 500)),
        ),
      );
    for (const r of rows) if (r.externalId) existing.set(r.externalId, r.id);
  }
  for (const [ext, rows] of groups) {
    const placed = existing.get(ext);
    if (placed) {
      for (const r of rows) {
        r.dto.status = 'duplicate';
        r.dto.reason = `Already imported as order ${placed}: it is not placed again.`;
        r.dto.order_id = placed;
      }
      continue;
    }
    const bad = rows.find((r) => r.dto.status === 'error');
    if (bad) {
      for (const r of rows)
        if (r.dto.status === 'ready') {
          r.dto.status = 'error';
          r.dto.reason = `Line ${bad.dto.line} of the same order has an error, so the order is not placed.`;
        }
    }
  }
  checked.sort((a, b) => a.dto.line - b.dto.line);
  return { parsed, mapping, origin, missing, checked, groups, bySku };
}

function resultOf(source: CsvSource, c: Awaited<ReturnType<typeof checkRows>>): CsvImportResultDto {
  const rows = c.checked.map((r) => r.dto);
  const count = (s: CsvRowDto['status']) => rows.filter((r) => r.status === s).length;
  const ordersReady = [...c.groups.values()].filter((g) => g.every((r) => r.dto.status === 'ready')).length;
  return {
    source,
    headers: c.parsed.headers,
    mapping: c.mapping,
    mapping_origin: c.origin,
    missing_fields: c.missing,
    rows,
    counts: {
      rows: rows.length,
      ready: count('ready'),
      errors: count('error'),
      duplicates: count('duplicate'),
      placed: count('placed'),
      orders_ready: ordersReady,
    },
  };
}

/** Checks a file and shows what would be placed; nothing is written but a mapping chosen by hand. */
export async function previewCsv(
  app: FastifyInstance,
  userId: string,
  req: { source: CsvSource; csv: string; mapping?: CsvMapping | undefined },
): Promise<CsvImportResultDto> {
  const c = await checkRows(app, userId, req.source, req.csv, req.mapping);
  if (req.mapping && c.missing.length === 0) await rememberMapping(app, userId, req.source, c.mapping);
  return resultOf(req.source, c);
}

/**
 * Places every order whose rows are all fine, one after another (each its own transaction, priced by the
 * server); an order number already used is skipped (the unique external_id), so a re-import places nothing.
 */
export async function placeCsv(
  app: FastifyInstance,
  userId: string,
  req: { source: CsvSource; csv: string; mapping?: CsvMapping | undefined },
): Promise<CsvImportResultDto> {
  const c = await checkRows(app, userId, req.source, req.csv, req.mapping);
  if (c.missing.length === 0) await rememberMapping(app, userId, req.source, c.mapping);
  for (const [ext, rows] of c.groups) {
    if (!rows.every((r) => r.dto.status === 'ready')) continue;
    try {
      const lines = [];
      for (const r of rows) lines.push(await productLine(app, userId, c.bySku.get(r.sku)!, r.quantity));
      const first = rows[0]!;
      const placed = await placeOrderFor(app, userId, {
        via: 'csv',
        externalId: ext,
        address: first.address!,
        lines,
        shippingChoice: first.service,
        metadata: { source: req.source },
      });
      for (const r of rows) {
        r.dto.status = 'placed';
        r.dto.order_id = placed!.order.id;
        r.dto.reason = null;
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      for (const r of rows) {
        r.dto.status = err.statusCode === 409 ? 'duplicate' : 'error';
        r.dto.reason = err.message;
      }
    }
  }
  return resultOf(req.source, c);
}
