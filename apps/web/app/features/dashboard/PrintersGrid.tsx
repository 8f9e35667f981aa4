import type { FarmStateDto, PrinterDto } from '@printloop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { opsOrderPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { farmApi } from './api';
import {
  FARM_MATERIALS,
  formatDuration,
  nextPlannedJob,
  PRINTER_ACTION_LABELS,
  type PrinterAction,
  printerActions,
} from './format';
import { buttonClass, PrinterStatusChip, ProgressBar, primaryButtonClass, sized } from './parts';

function run(printer: PrinterDto, action: Exclude<PrinterAction, 'fail'>): Promise<FarmStateDto> {
  switch (action) {
    case 'start':
      return farmApi.start(printer.id);
    case 'finish':
      return farmApi.finish(printer.id);
    case 'maintenance':
    case 'offline':
    case 'idle':
      return farmApi.update(printer.id, { status: action });
  }
}

function PrinterCard({
  printer,
  queue,
  onChanged,
}: {
  printer: PrinterDto;
  queue: FarmStateDto['queue'];
  onChanged: (farm: FarmStateDto) => void;
}) {
  const headingId = useId();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonInvalid, setReasonInvalid] = useState(false);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (failing) reasonBox.current?.focus();
  }, [failing]);
  const [loading, setLoading] = useState(false);
  const next = printer.status === 'idle' ? nextPlannedJob(queue, printer.id) : undefined;
  const job = printer.job;

  async function act(action: Exclude<PrinterAction, 'fail'>) {
    setBusy(true);
    setError(null);
    try {
      onChanged(await run(printer, action));
    } catch (err) {
      setError(errorMessage(err, `${printer.name}: that did not work. Try again.`));
    } finally {
      setBusy(false);
    }
  }

  async function fail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const why = reason.trim();
    if (!why) {
      setReasonInvalid(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChanged(await farmApi.fail(printer.id, { reason: why }));
      setFailing(false);
      setReason('');
      setReasonInvalid(false);
    } catch (err) {
      setError(errorMessage(err, `${printer.name}: the failure could not be recorded. Try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-2.5 sm:p-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {printer.name}
          </h3>
          <PrinterStatusChip status={printer.status} />
        </div>
        <p className="mt-1 text-xs text-slate-600">
          {printer.material} · {printer.color} · {printer.model}
        </p>
        <div className="mt-2 flex-1 text-sm">
          {job ? (
            <>
              <p className="text-slate-800">
                Order{' '}
                <Link
                  to={opsOrderPath(job.order_id)}
                  className="break-all font-mono text-brand-700 underline"
                >
                  {job.order_id}
                </Link>
                {job.copies > 1 ? ` · ${job.copies} copies` : ''}
                {job.attempt > 1 ? ` · reprint ${job.attempt - 1}` : ''}
              </p>
              <div className="mt-1.5">
                <ProgressBar value={job.progress} label={`Print progress on ${printer.name}`} />
              </div>
              <p className="mt-1 text-xs text-slate-600">{formatDuration(job.remaining_seconds)} left</p>
            </>
          ) : printer.status === 'idle' ? (
            <p className="text-slate-700">
              {next ? (
                <>
                  Next: <span className="break-all font-mono">{next.order_id}</span>
                  {next.attempt > 1 ? ' (reprint)' : ''}, {formatDuration(next.print_seconds)}
                </>
              ) : (
                'Nothing planned'
              )}
            </p>
          ) : (
            <p className="text-slate-700">Out of service</p>
          )}
        </div>
        {loading ? (
          <FilamentForm
            printer={printer}
            onDone={(farm) => {
              setLoading(false);
              if (farm) onChanged(farm);
            }}
          />
        ) : failing ? (
          <form onSubmit={fail} className="mt-3 space-y-2" noValidate>
            <label htmlFor={reasonId} className="block text-xs font-medium text-slate-800">
              Why did the print on {printer.name} fail?
            </label>
            <textarea
              ref={reasonBox}
              id={reasonId}
              value={reason}
              rows={2}
              maxLength={500}
              required
              aria-invalid={reasonInvalid || undefined}
              aria-describedby={reasonInvalid ? `${reasonId}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setReasonInvalid(false);
              }}
              className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            {reasonInvalid ? (
              <p id={`${reasonId}-error`} className="text-xs text-red-700">
                Please give a reason.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={primaryButtonClass}>
                Record failure
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  setFailing(false);
                  setReasonInvalid(false);
                }}
                className={buttonClass}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="mt-3 flex flex-wrap gap-1.5">
            {printerActions(printer.status).map((a) => (
              <button
                key={a}
                type="button"
                disabled={busy || (a === 'start' && !next)}
                onClick={() => (a === 'fail' ? setFailing(true) : void act(a))}
                className={sized(a === 'start' || a === 'finish' ? primaryButtonClass : buttonClass, 'sm')}
              >
                {PRINTER_ACTION_LABELS[a]}
              </button>
            ))}
            {printer.status === 'printing' ? null : (
              <button
                type="button"
                disabled={busy}
                onClick={() => setLoading(true)}
                className={sized(buttonClass, 'sm')}
                aria-label={`Change the filament on ${printer.name}`}
              >
                Filament
              </button>
            )}
          </div>
        )}
        {error ? (
          <p role="alert" className="mt-2 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </article>
    </li>
  );
}

const fieldClass =
  'block w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

/** Loading another filament: the material and colour the printer now holds (not while it prints). */
function FilamentForm({
  printer,
  onDone,
}: {
  printer: PrinterDto;
  onDone: (farm: FarmStateDto | null) => void;
}) {
  const id = useId();
  const [material, setMaterial] = useState(printer.material);
  const [color, setColor] = useState(printer.color);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(
        await farmApi.update(printer.id, { material: material as (typeof FARM_MATERIALS)[number], color }),
      );
    } catch (err) {
      setError(errorMessage(err, `${printer.name}: the filament could not be changed. Try again.`));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={save} className="mt-3 space-y-2" noValidate aria-label={`Filament on ${printer.name}`}>
      <label htmlFor={`${id}-m`} className="block text-xs font-medium text-slate-800">
        Material
      </label>
      <select
        ref={first}
        id={`${id}-m`}
        value={material}
        onChange={(e) => setMaterial(e.target.value)}
        className={fieldClass}
      >
        {FARM_MATERIALS.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <label htmlFor={`${id}-c`} className="block text-xs font-medium text-slate-800">
        Colour
      </label>
      <input
        id={`${id}-c`}
        value={color}
        maxLength={30}
        onChange={(e) => setColor(e.target.value.toLowerCase())}
        className={fieldClass}
      />
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Save filament
        </button>
        <button type="button" disabled={busy} onClick={() => onDone(null)} className={buttonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A new printer for the fleet: the house printer by default, or another build volume. */
export function AddPrinterForm({ onChanged }: { onChanged: (farm: FarmStateDto) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [material, setMaterial] = useState<string>(FARM_MATERIALS[0]);
  const [color, setColor] = useState('black');
  const [volume, setVolume] = useState({ x: '', y: '', z: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const dims = [volume.x, volume.y, volume.z].map(Number);
    const custom = volume.x || volume.y || volume.z;
    try {
      const farm = await farmApi.add({
        name: name.trim(),
        material: material as (typeof FARM_MATERIALS)[number],
        color: color.trim(),
        ...(custom ? { model: 'custom', volume: { x: dims[0]!, y: dims[1]!, z: dims[2]! } } : {}),
      });
      onChanged(farm);
      setDone(`${name.trim()} joined the farm.`);
      setName('');
    } catch (err) {
      setError(errorMessage(err, 'The printer could not be added. Try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={add}
      noValidate
      aria-label="Add a printer"
      className="mt-4 grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm md:grid-cols-6"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={`${id}-n`} className="block text-xs font-medium text-slate-800">
          Name
        </label>
        <input
          id={`${id}-n`}
          value={name}
          maxLength={40}
          required
          onChange={(e) => setName(e.target.value)}
          className={fieldClass}
          placeholder="P25"
        />
      </div>
      <div>
        <label htmlFor={`${id}-m`} className="block text-xs font-medium text-slate-800">
          Material
        </label>
        <select
          id={`${id}-m`}
          value={material}
          onChange={(e) => setMaterial(e.target.value)}
          className={fieldClass}
        >
          {FARM_MATERIALS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-c`} className="block text-xs font-medium text-slate-800">
          Colour
        </label>
        <input
          id={`${id}-c`}
          value={color}
          maxLength={30}
          onChange={(e) => setColor(e.target.value.toLowerCase())}
          className={fieldClass}
        />
      </div>
      <fieldset className="col-span-2 md:col-span-2">
        <legend className="text-xs font-medium text-slate-800">
          Build volume, mm (empty: the house printer)
        </legend>
        <div className="flex gap-1">
          {(['x', 'y', 'z'] as const).map((axis) => (
            <input
              key={axis}
              aria-label={`Build volume ${axis}, mm`}
              inputMode="numeric"
              value={volume[axis]}
              onChange={(e) => setVolume({ ...volume, [axis]: e.target.value })}
              className={fieldClass}
              placeholder={axis}
            />
          ))}
        </div>
      </fieldset>
      <div className="col-span-2 flex items-end md:col-span-1">
        <button type="submit" disabled={busy || !name.trim()} className={primaryButtonClass}>
          Add printer
        </button>
      </div>
      {error ? (
        <p role="alert" className="col-span-2 text-xs text-red-700 md:col-span-6">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="col-span-2 text-xs text-emerald-800 md:col-span-6">
          {done}
        </p>
      ) : null}
    </form>
  );
}

/** Every printer with its print, and the actions an operator confirms from its card. */
export function PrintersGrid({
  farm,
  onChanged,
}: {
  farm: FarmStateDto;
  onChanged: (farm: FarmStateDto) => void;
}) {
  if (farm.printers.length === 0)
    return <p className="text-sm text-slate-700">No printers yet. Printers added to the farm appear here.</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 xl:grid-cols-4">
      {farm.printers.map((p) => (
        <PrinterCard key={p.id} printer={p} queue={farm.queue} onChanged={onChanged} />
      ))}
    </ul>
  );
}
