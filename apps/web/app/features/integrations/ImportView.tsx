import {
  CSV_FIELD_LABELS,
  CSV_FIELDS,
  CSV_MAX_BYTES,
  CSV_REQUIRED_FIELDS,
  CSV_SOURCE_NAMES,
  CSV_SOURCES,
  type CsvImportResultDto,
  type CsvMapping,
  type CsvRowDto,
  type CsvSource,
} from '@printloop/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ErrorNote,
  PageHeader,
  Panel,
  primaryButton,
  SelectInput,
  secondaryButton,
  textLink,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { integrationGuidePath, orderPath, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { chip } from '../developers/SecretReveal';
import { integrationsApi } from './api';

const ROW_CHIPS: Record<CsvRowDto['status'], { label: string; cls: string }> = {
  ready: { label: 'Ready', cls: 'bg-brand-50 text-brand-800 ring-brand-200' },
  error: { label: 'Error', cls: 'bg-red-50 text-red-800 ring-red-300' },
  duplicate: { label: 'Already imported', cls: 'bg-slate-100 text-slate-800 ring-slate-300' },
  placed: { label: 'Placed', cls: 'bg-emerald-50 text-emerald-800 ring-emerald-300' },
};

/**
 * /dashboard/integrations/import (issue 16): an order CSV from any marketplace. The file is checked row by
 * row and shown before anything is placed; the columns are remembered per source (Etsy and Amazon have
 * presets); valid orders are placed in one click, and an order number already imported is never placed again.
 */
export function ImportView() {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const id = useId();
  const [source, setSource] = useState<CsvSource>('etsy');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [result, setResult] = useState<CsvImportResultDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'place' | null>(null);
  const [filter, setFilter] = useState<'all' | 'error'>('all');

  const preview = async (text: string, withMapping: CsvMapping | null, src = source) => {
    setBusy('preview');
    setFailure(null);
    try {
      const r = await integrationsApi.previewCsv({
        source: src,
        csv: text,
        ...(withMapping ? { mapping: withMapping } : {}),
      });
      setResult(r);
      setMapping(r.mapping);
    } catch (err) {
      setResult(null);
      setFailure(errorMessage(err, 'The file could not be checked. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    setResult(null);
    setFailure(null);
    if (!f) return;
    if (f.size > CSV_MAX_BYTES) {
      setFile(null);
      setFailure(
        `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB: split it and import the parts one after another.`,
      );
      return;
    }
    const text = await f.text();
    setFile({ name: f.name, text });
    await preview(text, null);
  };

  const place = async () => {
    if (!file || !result) return;
    setBusy('place');
    setFailure(null);
    try {
      setResult(await integrationsApi.placeCsv({ source, csv: file.text, ...(mapping ? { mapping } : {}) }));
    } catch (err) {
      setFailure(errorMessage(err, 'The orders could not be placed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const rows = result ? result.rows.filter((r) => filter === 'all' || r.status === 'error') : [];
  return (
    <>
      <PageHeader
        eyebrow="Store connections"
        title="Import orders from a CSV"
        lead={
          <p>
            For Amazon, Etsy, eBay, Walmart, Magento, BigCommerce and shipping platforms: export the orders as
            a CSV, choose where it comes from, check every row, then place the valid orders in one click. Each
            line’s SKU must be the SKU of one of your products.
          </p>
        }
        actions={
          <>
            <Link to={paths.storeIntegrations} className={secondaryButton}>
              Store connections
            </Link>
            <Link to={integrationGuidePath('csv')} className={secondaryButton}>
              CSV guide
            </Link>
          </>
        }
      />
      <Container className="space-y-6 py-8 sm:py-10">
        <Panel id="csv-file" title="1. Choose the file">
          <div className="grid gap-4 md:grid-cols-2">
            <SelectInput
              id={`${id}-source`}
              label="Where the file comes from"
              value={source}
              hint="Etsy’s and Amazon’s exports are read as they are; for the others, choose the columns once and they are remembered."
              onChange={(e) => {
                const s = e.target.value as CsvSource;
                setSource(s);
                if (file) void preview(file.text, null, s);
              }}
            >
              {CSV_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {CSV_SOURCE_NAMES[s]}
                </option>
              ))}
            </SelectInput>
            <div>
              <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
                Order CSV
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
                disabled={!signedIn || busy !== null}
                onChange={(e) => void onFile(e)}
                aria-describedby={`${id}-file-hint`}
                className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white"
              />
              <p id={`${id}-file-hint`} className="mt-1 text-xs text-slate-600">
                Comma, semicolon or tab separated; up to 2 MB and 5,000 rows.
              </p>
            </div>
          </div>
          {busy === 'preview' ? (
            <p role="status" className="mt-3 text-sm text-slate-700">
              Checking every row…
            </p>
          ) : null}
          {failure ? (
            <div className="mt-3">
              <ErrorNote>{failure}</ErrorNote>
            </div>
          ) : null}
        </Panel>

        {result && file ? (
          <Panel id="csv-columns" title="2. Check the columns">
            <p className="text-sm text-slate-700">
              {result.mapping_origin === 'preset'
                ? `${CSV_SOURCE_NAMES[source]}’s export columns were recognised.`
                : result.mapping_origin === 'remembered'
                  ? 'The columns you chose last time for this source.'
                  : result.mapping_origin === 'guessed'
                    ? 'Columns guessed from their names: check them.'
                    : 'The columns you chose.'}{' '}
              They are remembered for {CSV_SOURCE_NAMES[source]}.
            </p>
            <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {CSV_FIELDS.map((f) => (
                <SelectInput
                  key={f}
                  id={`${id}-map-${f}`}
                  label={CSV_FIELD_LABELS[f]}
                  optional={!CSV_REQUIRED_FIELDS.includes(f)}
                  error={result.missing_fields.includes(f) ? 'Choose the column' : undefined}
                  value={mapping?.[f] ?? ''}
                  onChange={(e) => setMapping((m) => ({ ...(m ?? {}), [f]: e.target.value || undefined }))}
                >
                  <option value="">—</option>
                  {result.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </SelectInput>
              ))}
            </div>
            <button
              type="button"
              className={`${secondaryButton} mt-4`}
              disabled={busy !== null}
              onClick={() => void preview(file.text, mapping)}
            >
              Check again with these columns
            </button>
          </Panel>
        ) : null}

        {result && file ? (
          <Panel id="csv-rows" title="3. Check the rows and place the orders">
            <p className="text-sm text-slate-800" data-testid="csv-counts">
              {file.name}: {result.counts.rows} rows · {result.counts.ready} ready (
              {result.counts.orders_ready} orders) · {result.counts.errors} with errors ·{' '}
              {result.counts.duplicates} already imported
              {result.counts.placed ? ` · ${result.counts.placed} placed now` : ''}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={primaryButton}
                disabled={busy !== null || result.counts.orders_ready === 0 || result.counts.placed > 0}
                onClick={() => void place()}
              >
                {busy === 'place'
                  ? 'Placing…'
                  : `Place ${result.counts.orders_ready} order${result.counts.orders_ready === 1 ? '' : 's'}`}
              </button>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={filter === 'error'}
                  onChange={(e) => setFilter(e.target.checked ? 'error' : 'all')}
                  className="h-4 w-4 accent-brand-600"
                />
                Only rows with errors
              </label>
              {result.counts.placed > 0 ? (
                <Link to={paths.orders} className={textLink}>
                  See your orders
                </Link>
              ) : null}
            </div>
            <div className="mt-4 max-h-[36rem] overflow-auto rounded-lg border border-slate-200">
              <table className="w-full min-w-[48rem] text-left text-sm" aria-label="Rows of the file">
                <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 text-slate-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">Line</th>
                    <th className="px-3 py-2 font-medium">Status</th>
                    <th className="px-3 py-2 font-medium">Order</th>
                    <th className="px-3 py-2 font-medium">SKU</th>
                    <th className="px-3 py-2 font-medium">Qty</th>
                    <th className="px-3 py-2 font-medium">Ship to</th>
                    <th className="px-3 py-2 font-medium">Why</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((r) => (
                    <tr key={`${r.line}-${r.external_id}`} data-status={r.status}>
                      <td className="px-3 py-2 text-slate-600">{r.line}</td>
                      <td className="px-3 py-2">
                        <span className={`${chip} ${ROW_CHIPS[r.status].cls}`}>
                          {ROW_CHIPS[r.status].label}
                        </span>
                      </td>
                      <td className="px-3 py-2 font-semibold text-slate-900">{r.external_id || '—'}</td>
                      <td className="px-3 py-2 font-mono text-slate-800">{r.sku || '—'}</td>
                      <td className="px-3 py-2 text-slate-800">{r.quantity}</td>
                      <td className="px-3 py-2 text-slate-700">
                        {[r.name, r.city, r.country].filter(Boolean).join(', ')}
                      </td>
                      <td className="px-3 py-2 text-slate-700">
                        {r.order_id ? (
                          <Link to={orderPath(r.order_id)} className={textLink}>
                            {r.order_id}
                          </Link>
                        ) : null}
                        {r.reason ? <span className="block">{r.reason}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        ) : null}
      </Container>
    </>
  );
}
