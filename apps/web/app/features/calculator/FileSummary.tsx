import { type Analysis, HOUSE_PRINTER, type Units } from '@printloop/geometry';
import { useEffect, useId, useState } from 'react';
import { isUnitlessFormat } from './files';
import { formatDimensions, formatInteger, formatMB, formatVolumeCm3 } from './format';
import type { ModelFileInfo } from './useCalculator';

const UNIT_LABELS: Record<Units, string> = {
  mm: 'Millimetres (mm)',
  cm: 'Centimetres (cm)',
  in: 'Inches (in)',
};

function YesNo({ ok, yes = 'Yes', no = 'No' }: { ok: boolean; yes?: string; no?: string }) {
  return <span className={ok ? 'text-green-700' : 'text-amber-800'}>{ok ? yes : no}</span>;
}

export function FileSummary({
  file,
  analysis,
  source,
  canChangeUnits,
  unitsBusy,
  supportRequired,
  onEnableSupports,
  onChangeUnits,
}: {
  file: ModelFileInfo;
  analysis: Analysis;
  /** 'browser': a visitor's file, measured in the browser only (nothing is uploaded before Save). */
  source: 'server' | 'instant' | 'browser';
  canChangeUnits: boolean;
  unitsBusy: boolean;
  supportRequired: boolean;
  onEnableSupports: () => void;
  onChangeUnits: (u: Units) => void;
}) {
  const id = useId();
  const suggested = analysis.suggested_units;
  const [units, setUnits] = useState<Units>(suggested ?? analysis.units);
  // Offer the suggestion (or follow the analysis) whenever a new analysis arrives.
  useEffect(() => setUnits(suggested ?? analysis.units), [suggested, analysis.units]);
  const unitless = isUnitlessFormat(analysis.format);
  const size = analysis.bbox.size;

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-h`} className="text-xl font-bold text-slate-900">
          File summary
        </h2>
        <p className="text-xs text-slate-600" data-testid="analysis-source">
          {source === 'server'
            ? "Figures from the server's analysis"
            : source === 'browser'
              ? 'Figures measured in your browser'
              : "Instant figures from your browser; the server's analysis follows"}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-slate-600">File name</dt>
          <dd className="break-all font-medium text-slate-900">{file.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">File size</dt>
          <dd className="font-medium text-slate-900">
            {formatMB(file.size)}
            {file.size < 10 * 1024 ? (
              <span className="ml-1 text-xs font-normal text-slate-600">
                ({formatInteger(file.size)} bytes)
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Volume</dt>
          <dd className="font-medium text-slate-900">
            {formatVolumeCm3(analysis.volume_mm3)}
            {analysis.watertight ? null : <span className="ml-1 text-xs text-amber-800">(approximate)</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Dimensions (x × y × z)</dt>
          <dd className="font-medium text-slate-900">{formatDimensions(size)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Triangles</dt>
          <dd className="font-medium text-slate-900">{formatInteger(analysis.triangles)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Watertight</dt>
          <dd className="font-medium">
            <YesNo ok={analysis.watertight} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Shells</dt>
          <dd className="font-medium text-slate-900">{analysis.shells}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Fits the printer</dt>
          <dd className="font-medium">
            <YesNo
              ok={analysis.fits_build_volume}
              yes={`Yes (${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} × ${HOUSE_PRINTER.z} mm)`}
              no={`No: larger than ${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} × ${HOUSE_PRINTER.z} mm`}
            />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Supports recommended</dt>
          <dd className="font-medium">
            {analysis.supports_recommended ? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-amber-800">Yes</span>
                {supportRequired ? (
                  <span className="text-xs font-normal text-slate-600">(supports are on)</span>
                ) : (
                  <button
                    type="button"
                    onClick={onEnableSupports}
                    className="rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-200"
                  >
                    Turn on supports
                  </button>
                )}
              </span>
            ) : (
              <span className="text-slate-900">No</span>
            )}
          </dd>
        </div>
      </dl>

      {unitless ? (
        <form
          className="mt-5 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (units !== analysis.units) onChangeUnits(units);
          }}
        >
          <div>
            <label htmlFor={`${id}-units`} className="block text-sm font-medium text-slate-800">
              Units of the file
            </label>
            <select
              id={`${id}-units`}
              value={units}
              onChange={(e) => setUnits(e.target.value as Units)}
              className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
              aria-describedby={`${id}-units-hint`}
            >
              {(Object.keys(UNIT_LABELS) as Units[]).map((u) => (
                <option key={u} value={u}>
                  {UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            disabled={!canChangeUnits || unitsBusy || units === analysis.units}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            {unitsBusy ? 'Applying...' : 'Apply units'}
          </button>
          <p id={`${id}-units-hint`} className="w-full text-xs text-slate-600">
            {suggested && suggested !== analysis.units
              ? `This model looks like it was designed in ${suggested === 'in' ? 'inches' : suggested}. Apply to re-measure it.`
              : `Read as ${UNIT_LABELS[analysis.units].toLowerCase()}. STL and OBJ files carry no unit.`}
          </p>
        </form>
      ) : null}

      {analysis.warnings.length > 0 ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Warnings</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
            {analysis.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
