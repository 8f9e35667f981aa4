import {
  FILAMENT_TYPES,
  type FilamentType,
  MATERIALS,
  PARAMETER_BOUNDS,
  PARAMETER_MESSAGES,
  POST_PROCESSING_OPTIONS,
  type PostProcessing,
  type QuoteParameters,
} from '@printloop/quote';
import { useEffect, useId, useState } from 'react';

const POST_LABELS: Record<PostProcessing, string> = {
  sanding: 'Sanding',
  painting: 'Painting',
  coating: 'Coating',
};

type RangeParam = 'layerHeight' | 'printSpeed' | 'infillPercentage';

/** The sliders, in the order shown; bounds and units come from PARAMETER_BOUNDS. */
const RANGES: readonly {
  param: RangeParam;
  idSuffix: string;
  label: string;
  step: number;
  digits: number;
}[] = [
  { param: 'layerHeight', idSuffix: 'layer', label: 'Layer height', step: 0.1, digits: 1 },
  { param: 'printSpeed', idSuffix: 'speed', label: 'Print speed', step: 1, digits: 0 },
  { param: 'infillPercentage', idSuffix: 'infill', label: 'Infill', step: 1, digits: 0 },
];

/** A labelled range input for one print parameter, with its value and its bounds shown. */
function RangeField({
  id,
  param,
  label,
  step,
  digits,
  value,
  onChange,
}: {
  id: string;
  param: RangeParam;
  label: string;
  step: number;
  digits: number;
  value: number;
  onChange: (v: number) => void;
}) {
  const { min, max, unit } = PARAMETER_BOUNDS[param];
  const text = `${value.toFixed(digits)} ${unit}`.trim();
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <output htmlFor={id} className="text-sm font-semibold tabular-nums text-brand-700">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(Number(e.target.value).toFixed(digits)))}
        className="mt-2 w-full accent-brand-600"
      />
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{min.toFixed(digits)}</span>
        <span>{max.toFixed(digits)}</span>
      </div>
    </div>
  );
}

export function ParametersCard({
  params,
  quantity,
  onChange,
  onQuantity,
}: {
  params: QuoteParameters;
  quantity: number;
  onChange: (patch: Partial<QuoteParameters>) => void;
  onQuantity: (q: number) => void;
}) {
  const id = useId();
  const [qtyText, setQtyText] = useState(String(quantity));
  const [qtyError, setQtyError] = useState<string | null>(null);
  // Follow outside changes (reset, opening a saved quote).
  useEffect(() => {
    setQtyText(String(quantity));
    setQtyError(null);
  }, [quantity]);
  const qb = PARAMETER_BOUNDS.quantity;

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-slate-900">
        Print Parameters
      </h2>
      <div className="mt-5 space-y-5">
        {RANGES.map(({ param, idSuffix, label, step, digits }) => (
          <RangeField
            key={param}
            id={`${id}-${idSuffix}`}
            param={param}
            label={label}
            step={step}
            digits={digits}
            value={params[param]}
            onChange={(v) => onChange({ [param]: v })}
          />
        ))}
        <div>
          <label htmlFor={`${id}-filament`} className="block text-sm font-medium text-slate-800">
            Filament type
          </label>
          <select
            id={`${id}-filament`}
            value={params.filamentType}
            onChange={(e) => onChange({ filamentType: e.target.value as FilamentType })}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {FILAMENT_TYPES.map((f) => (
              <option key={f} value={f}>
                {MATERIALS[f].name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={params.supportRequired}
            onChange={(e) => onChange({ supportRequired: e.target.checked })}
            className="h-4 w-4 accent-brand-600"
          />
          Supports
        </label>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Post-processing</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {POST_PROCESSING_OPTIONS.map((o) => (
              <label key={o} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={params.postProcessing.includes(o)}
                  onChange={(e) =>
                    onChange({
                      postProcessing: POST_PROCESSING_OPTIONS.filter((x) =>
                        x === o ? e.target.checked : params.postProcessing.includes(x),
                      ),
                    })
                  }
                  className="h-4 w-4 accent-brand-600"
                />
                {POST_LABELS[o]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-qty`} className="block text-sm font-medium text-slate-800">
            Quantity
          </label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={qb.min}
            max={qb.max}
            step={1}
            value={qtyText}
            aria-invalid={qtyError ? true : undefined}
            aria-describedby={qtyError ? `${id}-qty-error` : undefined}
            onChange={(e) => {
              const text = e.target.value;
              setQtyText(text);
              const n = Number(text);
              if (text.trim() !== '' && Number.isInteger(n) && n >= qb.min && n <= qb.max) {
                setQtyError(null);
                onQuantity(n);
              } else {
                setQtyError(PARAMETER_MESSAGES.quantity);
              }
            }}
            onBlur={() => {
              if (qtyError) {
                setQtyText(String(quantity));
                setQtyError(null);
              }
            }}
            className="mt-1 block w-32 rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
          />
          {qtyError ? (
            <p id={`${id}-qty-error`} role="alert" className="mt-1 text-xs text-red-800">
              {qtyError}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
