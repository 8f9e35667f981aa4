import {
  applyMaterialLimits,
  FILAMENT_TYPES,
  type FilamentType,
  type LimitNote,
  MATERIALS,
  PARAMETER_BOUNDS,
  POST_PROCESSING_OPTIONS,
  type PostProcessing,
} from '@printloop/quote';
import { useEffect, useId, useState } from 'react';
import type { CalculatorParameters } from './useCalculator';

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
  note,
  onChange,
}: {
  id: string;
  param: RangeParam;
  label: string;
  step: number;
  digits: number;
  value: number;
  /** What the farm runs instead of `value`, said next to the control. */
  note: LimitNote | undefined;
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
        aria-describedby={note ? `${id}-limit` : undefined}
        onChange={(e) => onChange(Number(Number(e.target.value).toFixed(digits)))}
        className="mt-2 w-full accent-brand-600"
      />
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{min.toFixed(digits)}</span>
        <span>{max.toFixed(digits)}</span>
      </div>
      {note ? (
        <p
          id={`${id}-limit`}
          className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
          data-testid={`limit-${param}`}
        >
          {note.message}
        </p>
      ) : null}
    </div>
  );
}

/** The material's colours as a labelled radio group of swatches (arrow keys move between them). */
function ColorPicker({
  id,
  material,
  value,
  note,
  onChange,
}: {
  id: string;
  material: FilamentType;
  value: string;
  note: string | null;
  onChange: (color: string) => void;
}) {
  const colors = MATERIALS[material].colors;
  const chosen = colors.find((c) => c.id === value);
  return (
    <fieldset aria-describedby={note ? `${id}-note` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Colour <span className="font-normal text-slate-600">— {chosen?.name ?? value}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {colors.map((c) => (
          <label key={c.id} className="relative cursor-pointer" title={c.name}>
            <input
              type="radio"
              name={`${id}-color`}
              value={c.id}
              checked={c.id === value}
              onChange={() => onChange(c.id)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="block h-9 w-9 rounded-full border border-slate-400 shadow-inner peer-checked:ring-2 peer-checked:ring-brand-600 peer-checked:ring-offset-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-700"
              style={{ backgroundColor: c.hex }}
            />
            <span className="sr-only">{c.name}</span>
          </label>
        ))}
      </div>
      {note ? (
        <p id={`${id}-note`} role="status" className="mt-2 text-xs text-amber-900">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The quantity field's text as a number: NaN when empty, so an empty field is refused, never taken as 0. */
function quantityOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function ParametersCard({
  params,
  colorNote,
  quantity,
  quantityError,
  onChange,
  onQuantity,
}: {
  params: CalculatorParameters;
  /** Said when a material change replaced the chosen colour. */
  colorNote: string | null;
  /** The quantity as typed (NaN when empty) and why it is refused. */
  quantity: number;
  quantityError: string | null;
  onChange: (patch: Partial<CalculatorParameters>) => void;
  onQuantity: (q: number) => void;
}) {
  const id = useId();
  const [qtyText, setQtyText] = useState(String(quantity));
  // Follow outside changes (reset, opening a saved quote, a hint); keep the text while it is the value.
  useEffect(() => {
    setQtyText((t) => (Object.is(quantityOf(t), quantity) ? t : String(quantity)));
  }, [quantity]);
  const qb = PARAMETER_BOUNDS.quantity;
  const limits = applyMaterialLimits(params).notes;
  const qtyError = quantityError;

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
            note={limits.find((n) => n.field === param)}
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
        <ColorPicker
          id={`${id}-colour`}
          material={params.filamentType}
          value={params.color}
          note={colorNote}
          onChange={(color) => onChange({ color })}
        />
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
              // Every value goes up as typed: an invalid one clears the total and disables Save and Order.
              setQtyText(e.target.value);
              onQuantity(quantityOf(e.target.value));
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
