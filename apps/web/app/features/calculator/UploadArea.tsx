import { type DragEvent, useId, useState } from 'react';
import { ACCEPT_ATTRIBUTE, MAX_FILE_BYTES } from './files';
import { formatMB } from './format';
import type { Phase, UploadState } from './useCalculator';

function UploadProgress({ upload }: { upload: UploadState }) {
  let label: string;
  let value: number | undefined;
  if (upload.phase === 'reading') {
    label = 'Starting upload…';
    value = 0;
  } else if (upload.phase === 'uploading') {
    value = upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0;
    label = `Uploading… ${value}% (${formatMB(upload.loaded)} of ${formatMB(upload.total)})`;
  } else if (upload.phase === 'analysing') {
    label = 'Analysing on the server…';
    value = undefined;
  } else {
    label = 'Analysis complete';
    value = 100;
  }
  return (
    <div className="mt-4">
      <div className="flex justify-between text-sm text-slate-700">
        <span id="upload-progress-label">{label}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-200 ${
            value === undefined ? 'w-full animate-pulse opacity-60' : ''
          }`}
          style={value === undefined ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  );
}

export function UploadArea({
  hydrated,
  phase,
  upload,
  error,
  resuming,
  onFile,
}: {
  hydrated: boolean;
  phase: Phase;
  upload: UploadState | null;
  error: string | null;
  /** Back from signing in: the kept file is uploading and the quote will be saved. */
  resuming: boolean;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  const busy = phase === 'processing' && upload !== null && upload.phase !== 'done';
  const compact = phase !== 'idle';

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (busy || !hydrated) return;
    const f = e.dataTransfer.files[0];
    if (f) onFile(f);
  }

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${inputId}-heading`} className="text-xl font-bold text-slate-900">
        Upload Your File
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        STL, OBJ, 3MF or STEP, up to {MAX_FILE_BYTES / (1024 * 1024)} MB. The preview and an instant estimate
        appear at once, computed in your browser; no account is needed for a price.
      </p>
      {resuming ? (
        <p
          role="status"
          className="mt-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          Welcome back: your model and settings are here, and your quote is being saved.
        </p>
      ) : null}
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-4 flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 text-center ${compact ? 'py-4' : 'py-10'} transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
          dragging
            ? 'border-brand-600 bg-brand-50'
            : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50'
        } ${busy ? 'pointer-events-none opacity-60' : ''}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`${compact ? 'h-6 w-6' : 'h-10 w-10'} text-brand-600`}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path
            d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={`${compact ? 'mt-1' : 'mt-3'} font-semibold text-slate-900`}>
          {compact
            ? 'Drop another model here, or click to choose a file'
            : 'Drag and drop a model here, or click to choose a file'}
        </span>
        <span className="mt-1 text-xs text-slate-600">.stl, .obj, .3mf, .step, .stp</span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          aria-label="Choose a model file"
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            const f = e.target.files?.[0];
            // Clear the input so choosing the same file again still triggers a change.
            e.target.value = '';
            if (f) onFile(f);
          }}
        />
      </label>
      <div
        id={errorId}
        role="alert"
        className={
          error ? 'mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800' : ''
        }
      >
        {error}
      </div>
      {phase !== 'idle' && upload ? <UploadProgress upload={upload} /> : null}
    </section>
  );
}
