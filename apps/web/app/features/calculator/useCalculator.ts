/**
 * The calculator's state and effects: one file at a time, parsed in the worker (instant preview and
 * estimate) while it uploads to the server (the authority); parameters re-price at once in the
 * browser and, debounced, on the server.
 */
import {
  type Analysis,
  type Orientation,
  orientedFit,
  orientPositions,
  type Units,
} from '@printloop/geometry';
import {
  colorFor,
  DEFAULT_PARAMETERS,
  type FilamentType,
  type HintCandidate,
  MATERIALS,
  PARAMETER_MESSAGES,
  type PrintParameters,
  type QuoteParameters,
  type SavingsHint,
  savingsHints,
  validateQuantity,
} from '@printloop/quote';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutPath, paths } from '../../config/paths';
import {
  errorMessage,
  fetchJobMesh,
  isApiError,
  type Job,
  jobsApi,
  type QuotePreview,
  quotesApi,
  type SavedQuoteSummary,
  uploadModel,
} from '../../lib/api-client';
import { loadSession, useSession } from '../auth/session';
import { loginPathFor } from '../auth/validation';
import { checkModelFile, FILE_MESSAGES, isStepFile } from './files';
import { overhangMask } from './overhang';
import { keepPendingQuote, type PendingAction, RESUME_PARAM, takePendingQuote } from './pending';
import { canSaveQuote, chooseShownQuote } from './quote-view';
import { type LoadedModel, ModelWorkerClient, WorkerError } from './worker-client';

export type { ShownQuote } from './quote-view';

import type { ClientEstimate } from './worker-protocol';

export const CALCULATOR_PATH = '/calculator';
export const SAVE_ERROR = 'Error saving quote. Please try again.';
export const KEEP_ERROR =
  'This browser could not keep your file while you sign in: after signing in, please drop it again.';
export const PREVIEW_DEBOUNCE_MS = 250;
/** Savings hints are worked out this long after the price settles (never before the first price). */
export const HINTS_DELAY_MS = 400;
export const STEP_VISITOR =
  'This browser cannot read this STEP file: sign up or sign in with Save, and the server analyses and prices it.';

export type Phase = 'idle' | 'processing' | 'ready';

export type UploadState =
  | { phase: 'reading' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'analysing' }
  | { phase: 'done' };

export interface ViewerModel {
  key: number;
  positions: Float32Array;
  overhang: Uint8Array;
  overhangCount: number;
}

export type ViewerState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'ready'; model: ViewerModel }
  | { status: 'unavailable'; message: string }
  | { status: 'error' };

export interface ModelFileInfo {
  name: string;
  size: number;
}

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving'; mode: SaveMode }
  | { status: 'saved'; id: string; reference: string; mode: SaveMode }
  | { status: 'error' };

/** 'update' re-prices the opened quote in place; 'new' saves another quote. */
export type SaveMode = 'new' | 'update';

/** The saved quote the calculator shows (opened from the list, or just saved). */
export interface OpenedQuote {
  id: string;
  reference: string;
  name: string;
}

/** The model drawn small for the saved quote's list, or undefined (no WebGL). */
async function thumbnailOf(positions: Float32Array): Promise<string | undefined> {
  try {
    const { renderThumbnail } = await import('./thumbnail');
    return renderThumbnail(positions) ?? undefined;
  } catch {
    return undefined;
  }
}

function printParams(p: QuoteParameters): PrintParameters {
  return {
    layerHeight: p.layerHeight,
    filamentType: p.filamentType,
    printSpeed: p.printSpeed,
    infillPercentage: p.infillPercentage,
    supportRequired: p.supportRequired,
  };
}

/** The calculator's parameters: the print parameters, finishing and the colour (an id of the material's). */
export type CalculatorParameters = QuoteParameters & { color: string };

function colorName(material: FilamentType, id: string): string {
  return MATERIALS[material].colors.find((c) => c.id === id)?.name ?? id;
}

function defaults(): CalculatorParameters {
  return {
    ...DEFAULT_PARAMETERS,
    postProcessing: [...DEFAULT_PARAMETERS.postProcessing],
    color: colorFor(DEFAULT_PARAMETERS.filamentType, null),
  };
}

/** Which parameters (and face down) a server price belongs to. */
function previewKeyOf(
  jobId: string,
  params: QuoteParameters,
  quantity: number,
  units: Units | undefined,
  orientation: Orientation | null,
) {
  return JSON.stringify({ jobId, params, quantity, a: units, o: orientation });
}

/** The orientation as a request field: absent when the part prints as the file lies. */
function orientationField(o: Orientation | null): { orientation?: Orientation } {
  return o ? { orientation: o } : {};
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

export function useCalculator() {
  const session = useSession();
  const navigate = useNavigate();
  const workerRef = useRef<ModelWorkerClient | null>(null);
  const worker = useCallback(() => {
    workerRef.current ??= new ModelWorkerClient();
    return workerRef.current;
  }, []);

  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<ModelFileInfo | null>(null);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [clientAnalysis, setClientAnalysis] = useState<Analysis | null>(null);
  const [serverAnalysis, setServerAnalysis] = useState<Analysis | null>(null);
  const [viewer, setViewer] = useState<ViewerState>({ status: 'empty' });
  const [modelId, setModelId] = useState<number | null>(null);
  const [params, setParams] = useState<CalculatorParameters>(defaults);
  /** The face put down on the bed (an applied orientation hint); null: as the file lies. */
  const [orientation, setOrientation] = useState<Orientation | null>(null);
  const orientationRef = useRef(orientation);
  orientationRef.current = orientation;
  /** The orientation a visitor kept through sign-up, taken up by the next file's start. */
  const resumeOrientation = useRef<Orientation | null>(null);
  /** Says which colour was picked when a material change dropped the chosen one. */
  const [colorNote, setColorNote] = useState<string | null>(null);
  const paramsRef = useRef(params);
  paramsRef.current = params;
  /** As typed: may be invalid (NaN for an empty field), which blocks the price, Save and Order. */
  const [quantity, setQuantity] = useState(1);
  const quantityRef = useRef(quantity);
  quantityRef.current = quantity;
  const quantityError = validateQuantity(quantity).ok ? null : PARAMETER_MESSAGES.quantity;
  const [clientEstimate, setClientEstimate] = useState<{ key: string; estimate: ClientEstimate } | null>(
    null,
  );
  const [preview, setPreview] = useState<{ key: string; value: QuotePreview } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [unitsBusy, setUnitsBusy] = useState(false);
  const [saved, setSaved] = useState<SavedQuoteSummary[]>([]);
  const [savedError, setSavedError] = useState<string | null>(null);
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [opened, setOpened] = useState<OpenedQuote | null>(null);
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;
  /** The current model's thumbnail, drawn when the browser is idle so saving does not wait for it. */
  const thumbRef = useRef<{ key: number; url: Promise<string | undefined> } | null>(null);
  const thumbnailFor = useCallback((v: ViewerState): Promise<string | undefined> => {
    if (v.status !== 'ready') return Promise.resolve(undefined);
    if (thumbRef.current?.key !== v.model.key)
      thumbRef.current = { key: v.model.key, url: thumbnailOf(v.model.positions) };
    return thumbRef.current.url;
  }, []);
  useEffect(() => {
    if (viewer.status !== 'ready' || session.status !== 'signed-in') return;
    const draw = () => void thumbnailFor(viewer);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(draw, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(draw, 1000);
    return () => clearTimeout(t);
  }, [viewer, session.status, thumbnailFor]);

  /** Incremented by every new file, open or reset: answers for an older generation are dropped. */
  const gen = useRef(0);
  const abort = useRef<AbortController | null>(null);
  // Whoever opens the calculator will likely drop a file: start the worker now (the first price comes sooner).
  const signedIn = session.status === 'signed-in';
  const sessionKnown = session.status !== 'unknown';
  useEffect(() => {
    if (sessionKnown) worker().warm();
  }, [sessionKnown, worker]);
  // Leaving the page cancels the upload and closes the worker.
  useEffect(
    () => () => {
      abort.current?.abort();
      workerRef.current?.dispose();
    },
    [],
  );
  /** The bytes of the current file, kept to re-parse it with other units. */
  const source = useRef<{ blob: Blob; name: string } | null>(null);
  const serverAnalysisRef = useRef<Analysis | null>(null);
  serverAnalysisRef.current = serverAnalysis;

  const begin = useCallback(() => {
    gen.current += 1;
    abort.current?.abort();
    abort.current = new AbortController();
    return { g: gen.current, signal: abort.current.signal };
  }, []);

  const clearAll = useCallback(() => {
    setFile(null);
    setUpload(null);
    setJob(null);
    setClientAnalysis(null);
    setServerAnalysis(null);
    setViewer({ status: 'empty' });
    setModelId(null);
    setClientEstimate(null);
    setPreview(null);
    setPreviewError(null);
    setSave({ status: 'idle' });
    setOpened(null);
    setOrientation(resumeOrientation.current);
    resumeOrientation.current = null;
    source.current = null;
  }, []);

  const fail = useCallback(
    (g: number, message: string) => {
      if (g !== gen.current) return;
      begin();
      clearAll();
      setPhase('idle');
      setError(message);
    },
    [begin, clearAll],
  );

  const adoptLoaded = useCallback((loaded: LoadedModel) => {
    if (loaded.analysis) setClientAnalysis(loaded.analysis);
    setModelId(loaded.modelId);
    setViewer({
      status: 'ready',
      model: {
        key: loaded.modelId,
        positions: loaded.positions,
        overhang: loaded.overhang,
        overhangCount: loaded.overhangCount,
      },
    });
  }, []);

  /** Parses bytes in the worker for the viewer and the instant estimate. */
  const loadInWorker = useCallback(
    async (g: number, buffer: ArrayBuffer, name: string, units: Units | null, failOnError: boolean) => {
      setViewer({ status: 'loading' });
      let loaded: LoadedModel;
      try {
        loaded = await worker().load(buffer, name, units, {
          params: printParams(paramsRef.current),
          // The first price, before the full analysis and the viewer.
          onEstimate: (id, p, estimate) => {
            if (g !== gen.current) return;
            setModelId(id);
            setClientEstimate({ key: `${id}|${JSON.stringify(p)}`, estimate });
          },
        });
      } catch (err) {
        if (g !== gen.current) return;
        const code = err instanceof WorkerError ? err.code : 'internal';
        console.warn('The model could not be read in the browser:', err instanceof Error ? err.message : err);
        if (
          isStepFile(name) &&
          (code === 'step_unavailable' || code === 'internal' || code === 'worker_failed')
        ) {
          setViewer({
            status: 'unavailable',
            message: 'Preview not available for STEP files in the browser; the figures come from the server.',
          });
          return;
        }
        setViewer({ status: 'error' });
        // A file the parser rejects fails the whole attempt (the server would reject it too); a
        // failure of the browser itself (worker crash, memory) leaves the server's figures to come.
        const fileProblem = !['internal', 'worker_failed', 'protocol', 'disposed'].includes(code);
        if (failOnError && fileProblem)
          fail(g, err instanceof WorkerError ? err.message : FILE_MESSAGES.processing);
        return;
      }
      if (g !== gen.current) return;
      adoptLoaded(loaded);
    },
    [worker, fail, adoptLoaded],
  );

  /** Whether the user is signed in (asks for the session when it is not known yet). */
  const isSignedIn = useCallback(async (): Promise<boolean> => {
    const s = session.status === 'unknown' ? await loadSession() : session;
    return s.status === 'signed-in';
  }, [session]);

  const processFile = useCallback(
    async (picked: File) => {
      const member = await isSignedIn();
      const problem = checkModelFile(picked);
      if (problem) {
        begin();
        clearAll();
        setPhase('idle');
        setError(problem);
        return;
      }
      const { g, signal } = begin();
      clearAll();
      setError(null);
      setPhase('processing');
      setFile({ name: picked.name, size: picked.size });
      source.current = { blob: picked, name: picked.name };
      if (!member) {
        // A visitor: the preview, analysis and price all come from the browser. Nothing is uploaded
        // before they have an account (Save and Order ask for one, keeping the file: see pending.ts).
        setUpload(null);
        try {
          const buffer = await picked.arrayBuffer();
          if (g !== gen.current) return;
          await loadInWorker(g, buffer, picked.name, null, true);
        } catch {
          if (g === gen.current) setViewer({ status: 'error' });
        }
        if (g !== gen.current) return;
        // A STEP file this browser cannot read is priced by the server once the visitor has an account.
        setViewer((v) => (v.status === 'unavailable' ? { status: 'unavailable', message: STEP_VISITOR } : v));
        setPhase('ready');
        return;
      }
      setUpload({ phase: 'reading' });

      // The upload and the local parse run side by side; the server prices the current parameters
      // as soon as it has analysed the file, so its confirmed price comes with the upload's answer.
      const sent = { parameters: paramsRef.current, quantity: quantityRef.current };
      const priceable = validateQuantity(sent.quantity).ok;
      const up = uploadModel(
        picked,
        null,
        (p) => {
          if (g === gen.current) setUpload(p);
        },
        signal,
        priceable ? sent : undefined,
      );
      void (async () => {
        try {
          const buffer = await picked.arrayBuffer();
          if (g !== gen.current) return;
          await loadInWorker(g, buffer, picked.name, null, true);
        } catch {
          if (g === gen.current) setViewer({ status: 'error' });
        }
      })();
      try {
        const r = await up;
        if (g !== gen.current) return;
        setJob(r.job);
        setServerAnalysis(r.analysis);
        if (r.preview) {
          setPreview({
            key: previewKeyOf(r.job.id, sent.parameters, sent.quantity, r.analysis.units, null),
            value: r.preview,
          });
        }
        setUpload({ phase: 'done' });
        setPhase('ready');
      } catch (err) {
        if (isAbort(err) || g !== gen.current) return;
        if (isApiError(err) && err.status === 401) {
          // The session ended meanwhile: the browser's figures stay, and Save asks to sign in again.
          setUpload(null);
          setPhase('ready');
          void loadSession(true);
          return;
        }
        fail(g, errorMessage(err, FILE_MESSAGES.processing));
      }
    },
    [isSignedIn, begin, clearAll, loadInWorker, fail],
  );

  const reset = useCallback(() => {
    begin();
    clearAll();
    setPhase('idle');
    setError(null);
    setParams(defaults());
    setColorNote(null);
    setQuantity(1);
  }, [begin, clearAll]);

  // ---- STEP: the browser cannot tessellate it, so the viewer and the instant estimate use the
  // server's mesh once the job exists (when the server offers it).
  const jobId = job?.id ?? null;
  const viewerUnavailable = viewer.status === 'unavailable';
  useEffect(() => {
    if (!viewerUnavailable || jobId === null) return;
    const g = gen.current;
    const ctrl = new AbortController();
    void (async () => {
      try {
        const positions = await fetchJobMesh(jobId, ctrl.signal);
        if (!positions || g !== gen.current) return;
        const loaded = await worker().loadMesh(positions);
        if (g === gen.current && !ctrl.signal.aborted) adoptLoaded(loaded);
      } catch {
        // Keep the 'figures come from the server' note.
      }
    })();
    return () => ctrl.abort();
  }, [viewerUnavailable, jobId, worker, adoptLoaded]);

  // ---- Instant estimate in the worker, on every change of the print parameters.
  const estimateKey =
    modelId === null
      ? null
      : `${modelId}|${JSON.stringify(printParams(params))}${orientation ? `|${orientation.join(',')}` : ''}`;
  const haveEstimateFor = clientEstimate?.key ?? null;
  useEffect(() => {
    if (modelId === null || estimateKey === null || haveEstimateFor === estimateKey) return;
    let live = true;
    worker()
      .estimate(modelId, printParams(params), orientation)
      .then(
        (est) => {
          if (live && est) setClientEstimate({ key: estimateKey, estimate: est });
        },
        () => {
          // No instant figure for this model; the server's preview still arrives.
        },
      );
    return () => {
      live = false;
    };
  }, [modelId, estimateKey, haveEstimateFor, params, orientation, worker]);

  // ---- Savings hints: after the instant price for these parameters exists, in the worker, debounced.
  const [hintCands, setHintCands] = useState<{ key: string; candidates: HintCandidate[] } | null>(null);
  const estimateFresh = estimateKey !== null && haveEstimateFor === estimateKey;
  // Runs once per estimate key (the orientation faces arrive one by one into the same key's candidates).
  useEffect(() => {
    if (modelId === null || !estimateFresh || estimateKey === null) return;
    let live = true;
    const t = setTimeout(() => {
      void (async () => {
        const w = worker();
        const params = printParams(paramsRef.current);
        const turned = orientationRef.current;
        try {
          const candidates = await w.hintCandidates(modelId, params, turned);
          if (!live) return;
          setHintCands({ key: estimateKey, candidates });
          // The orientation hint, one face per request, so a change's instant price never waits for
          // all of them; not offered once the part is turned (Reset orientation goes back).
          if (turned) return;
          const { faces, supportNeeded } = await w.orientationFaces(modelId, params);
          for (const n of faces) {
            if (!live) return;
            const more = await w.orientationHint(modelId, params, n, supportNeeded);
            if (!live) return;
            setHintCands((h) =>
              h && h.key === estimateKey ? { key: estimateKey, candidates: [...h.candidates, ...more] } : h,
            );
          }
        } catch {
          // No (more) hints for this model; the price is unaffected.
        }
      })();
    }, HINTS_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [modelId, estimateFresh, estimateKey, worker]);
  const hints = useMemo((): SavingsHint[] => {
    if (quantityError !== null || !clientEstimate || !estimateFresh) return [];
    if (!hintCands || hintCands.key !== estimateKey) return [];
    try {
      return savingsHints(
        { estimate: clientEstimate.estimate, parameters: params, quantity },
        hintCands.candidates,
      );
    } catch {
      return [];
    }
  }, [quantityError, clientEstimate, estimateFresh, hintCands, estimateKey, params, quantity]);

  // ---- The server's preview (the authority), debounced.
  // No server price for an invalid quantity: the total is cleared and Save and Order are disabled.
  const previewKey =
    job && quantityError === null
      ? previewKeyOf(job.id, params, quantity, serverAnalysis?.units, orientation)
      : null;
  const havePreviewFor = preview?.key ?? null;
  useEffect(() => {
    if (!job || previewKey === null || havePreviewFor === previewKey) return;
    const ctrl = new AbortController();
    const g = gen.current;
    setPreviewError(null);
    const t = setTimeout(() => {
      const req = { jobId: job.id, parameters: params, quantity, ...orientationField(orientation) };
      quotesApi.preview(req, ctrl.signal).then(
        (value) => {
          if (g === gen.current && !ctrl.signal.aborted) setPreview({ key: previewKey, value });
        },
        (err: unknown) => {
          if (isAbort(err) || ctrl.signal.aborted || g !== gen.current) return;
          if (isApiError(err) && err.status === 401) {
            void loadSession(true);
            return;
          }
          setPreviewError(errorMessage(err, 'The server could not price this model. Please try again.'));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [job, previewKey, havePreviewFor, params, quantity, orientation]);

  // ---- What the Quote Summary shows.
  const shown = useMemo(
    () =>
      quantityError !== null
        ? null
        : chooseShownQuote({
            preview,
            previewKey,
            clientEstimate,
            estimateKey,
            params,
            quantity,
            serverPending: job !== null && previewError === null,
          }),
    [preview, previewKey, clientEstimate, estimateKey, params, quantity, job, previewError, quantityError],
  );

  const canSave =
    job !== null &&
    quantityError === null &&
    canSaveQuote({ preview, previewKey, saving: save.status === 'saving' });

  // ---- Saved quotes.
  const refreshSaved = useCallback(async () => {
    try {
      const r = await quotesApi.list();
      setSaved(r.quotes);
      setSavedError(null);
    } catch (err) {
      if (isApiError(err) && err.status === 401) setSaved([]);
      else setSavedError('Your saved quotes could not be loaded.');
    }
  }, []);
  useEffect(() => {
    if (session.status === 'signed-in') void refreshSaved();
    else setSaved([]);
  }, [session.status, refreshSaved]);

  const saveQuote = useCallback(
    async (mode: SaveMode = 'new') => {
      if (!job || !canSave) return;
      const target = mode === 'update' ? opened : null;
      if (mode === 'update' && !target) return;
      setSave({ status: 'saving', mode });
      try {
        const thumbnail = await thumbnailFor(viewerRef.current);
        const req = {
          jobId: job.id,
          parameters: params,
          quantity,
          ...orientationField(orientation),
          ...(thumbnail ? { thumbnail } : {}),
        };
        const r = target ? await quotesApi.update(target.id, req) : await quotesApi.save(req);
        setSave({ status: 'saved', id: r.id, reference: r.reference, mode });
        // What was saved is now the opened quote: saving again offers to update it.
        setOpened({ id: r.id, reference: r.reference, name: r.name });
        void refreshSaved();
      } catch (err) {
        if (isApiError(err) && err.status === 401) navigate(loginPathFor(CALCULATOR_PATH));
        setSave({ status: 'error' });
      }
    },
    [job, canSave, opened, params, quantity, orientation, refreshSaved, navigate, thumbnailFor],
  );

  const openSaved = useCallback(
    async (id: string) => {
      const { g, signal } = begin();
      clearAll();
      setError(null);
      setOpeningId(id);
      try {
        const d = await quotesApi.get(id, signal);
        if (g !== gen.current) return;
        setOpened({ id: d.quote.id, reference: d.quote.reference, name: d.quote.name });
        setFile({ name: d.job.file_name, size: d.job.file_size });
        setJob(d.job);
        setServerAnalysis(d.analysis);
        const opened = { ...defaults(), ...d.quote.parameters };
        setParams({
          ...opened,
          postProcessing: [...(d.quote.parameters.postProcessing ?? [])],
          // Quotes saved before the calculator had colours have none: the material's default.
          color: colorFor(opened.filamentType, d.quote.parameters.color),
        });
        setColorNote(null);
        setQuantity(d.quote.quantity);
        setOrientation(d.quote.orientation ?? null);
        setUpload({ phase: 'done' });
        setPhase('ready');
        setViewer({ status: 'loading' });
        const bytes = await jobsApi.file(d.job.id, signal);
        if (g !== gen.current) return;
        source.current = { blob: new Blob([bytes]), name: d.job.file_name };
        await loadInWorker(g, bytes, d.job.file_name, d.job.units, false);
      } catch (err) {
        if (isAbort(err) || g !== gen.current) return;
        if (serverAnalysisRef.current) setViewer({ status: 'error' });
        else fail(g, errorMessage(err, 'That saved quote could not be opened. Please try again.'));
      } finally {
        if (g === gen.current) setOpeningId(null);
      }
    },
    [begin, clearAll, loadInWorker, fail],
  );
  const deleteSaved = useCallback(async (id: string): Promise<boolean> => {
    try {
      await quotesApi.remove(id);
      setSaved((list) => list.filter((q) => q.id !== id));
      setOpened((o) => (o?.id === id ? null : o));
      return true;
    } catch {
      return false;
    }
  }, []);
  /** Renames a saved quote; resolves with the server's message when it refuses, else null. */
  const renameSaved = useCallback(async (id: string, name: string): Promise<string | null> => {
    try {
      const q = await quotesApi.rename(id, name);
      setSaved((list) => list.map((x) => (x.id === id ? q : x)));
      setOpened((o) => (o?.id === id ? { ...o, name: q.name } : o));
      return null;
    } catch (err) {
      if (isApiError(err)) return err.fields?.name ?? err.message;
      return 'The quote could not be renamed. Please try again.';
    }
  }, []);

  // ---- Units (unitless formats): the server re-analyses, the worker re-parses for the preview.
  const changeUnits = useCallback(
    async (units: Units) => {
      if (!job) return;
      const g = gen.current;
      setUnitsBusy(true);
      setError(null);
      try {
        const r = await jobsApi.setUnits(job.id, units);
        if (g !== gen.current) return;
        setJob(r.job);
        setServerAnalysis(r.analysis);
        setSave({ status: 'idle' });
        const src = source.current;
        if (src) {
          setClientEstimate(null);
          setModelId(null);
          const buffer = await src.blob.arrayBuffer();
          if (g !== gen.current) return;
          await loadInWorker(g, buffer, src.name, units, false);
        }
      } catch (err) {
        if (g === gen.current) setError(errorMessage(err, FILE_MESSAGES.processing));
      } finally {
        if (g === gen.current) setUnitsBusy(false);
      }
    },
    [job, loadInWorker],
  );

  const updateParams = useCallback((patch: Partial<CalculatorParameters>) => {
    const before = paramsRef.current;
    const next = { ...before, ...patch };
    // A material that lacks the chosen colour takes a colour it has, and says so.
    const color = colorFor(next.filamentType, next.color);
    if (color !== next.color) {
      setColorNote(
        `${colorName(before.filamentType, next.color)} is not stocked in ${MATERIALS[next.filamentType].name}; changed to ${colorName(next.filamentType, color)}.`,
      );
    } else if (patch.filamentType !== undefined || patch.color !== undefined) {
      setColorNote(null);
    }
    setParams({ ...next, color });
    setSave((s) => (s.status === 'saved' || s.status === 'error' ? { status: 'idle' } : s));
  }, []);
  const updateQuantity = useCallback((q: number) => {
    setQuantity(q);
    setSave((s) => (s.status === 'saved' || s.status === 'error' ? { status: 'idle' } : s));
  }, []);
  const applyHint = useCallback(
    (h: SavingsHint) => {
      if (h.change.parameters) updateParams(h.change.parameters);
      if (h.change.quantity !== undefined) updateQuantity(h.change.quantity);
      if (h.change.orientation) {
        setOrientation(h.change.orientation);
        setSave((s) => (s.status === 'saved' || s.status === 'error' ? { status: 'idle' } : s));
      }
    },
    [updateParams, updateQuantity],
  );
  // A part that fits the printer only laid on a side (a tower taller than the printer) starts laid that
  // way: shown, estimated and sent turned, as the server prices it when no face is chosen.
  const fitOrientation = (serverAnalysis ?? clientAnalysis)?.fit_orientation ?? null;
  const fitOrientationRef = useRef(fitOrientation);
  fitOrientationRef.current = fitOrientation;
  useEffect(() => {
    if (fitOrientation && orientationRef.current === null) setOrientation(fitOrientation);
  }, [fitOrientation]);
  /** Back to the part as the file lies (undoes an orientation hint), or laid on the side it needs. */
  const resetOrientation = useCallback(() => {
    setOrientation(fitOrientationRef.current);
    setSave((s) => (s.status === 'saved' || s.status === 'error' ? { status: 'idle' } : s));
  }, []);

  // ---- The model turned to the chosen face, for the viewer and the dimensions.
  const shownViewer = useMemo((): ViewerState => {
    if (!orientation || viewer.status !== 'ready') return viewer;
    const { positions } = viewer.model;
    const n = Math.floor(positions.length / 9);
    const turnedPositions = orientPositions(positions, n, orientation);
    const { mask, count } = overhangMask(turnedPositions, n);
    return {
      status: 'ready',
      model: {
        key: viewer.model.key + 0.5,
        positions: turnedPositions,
        overhang: mask,
        overhangCount: count,
      },
    };
  }, [viewer, orientation]);
  const baseAnalysis = serverAnalysis ?? clientAnalysis;
  const shownAnalysis = useMemo((): Analysis | null => {
    if (!orientation || !baseAnalysis || viewer.status !== 'ready') return baseAnalysis;
    const { size, fits } = orientedFit(viewer.model.positions, orientation);
    const r = (v: number) => Math.round(v * 1e6) / 1e6;
    const sized: [number, number, number] = [r(size[0]), r(size[1]), r(size[2])];
    return {
      ...baseAnalysis,
      bbox: { min: [0, 0, 0], max: sized, size: sized },
      fits_build_volume: fits,
      // Turned, what overhangs is what the turned part's facets say.
      supports_recommended: shownViewer.status === 'ready' && shownViewer.model.overhangCount > 0,
      fit_rotation_deg: null,
      fit_footprint_mm: null,
    };
  }, [orientation, baseAnalysis, viewer, shownViewer]);

  // ---- Save and Order without an account: the file and settings are kept in this browser
  // (pending.ts) while the visitor signs up or in, then the calculator carries on from there.
  const [resumeAction, setResumeAction] = useState<PendingAction | null>(null);
  const [keepError, setKeepError] = useState<string | null>(null);
  const askForAccount = useCallback(
    async (action: PendingAction) => {
      const src = source.current;
      if (!src) return;
      const kept = await keepPendingQuote({
        file: src.blob,
        name: src.name,
        parameters: paramsRef.current,
        quantity: quantityRef.current,
        orientation: orientationRef.current,
        action,
      });
      if (!kept) setKeepError(KEEP_ERROR);
      const back = kept ? `${CALCULATOR_PATH}?${RESUME_PARAM}=1` : CALCULATOR_PATH;
      navigate(`${paths.signup}?next=${encodeURIComponent(back)}`);
    },
    [navigate],
  );
  const resumeStarted = useRef(false);
  useEffect(() => {
    if (session.status !== 'signed-in' || resumeStarted.current) return;
    if (new URLSearchParams(window.location.search).get(RESUME_PARAM) !== '1') return;
    resumeStarted.current = true;
    // A reload must not try again: the kept quote is read once.
    navigate(CALCULATOR_PATH, { replace: true });
    void (async () => {
      const kept = await takePendingQuote();
      if (!kept) return;
      paramsRef.current = kept.parameters;
      quantityRef.current = kept.quantity;
      setParams(kept.parameters);
      setQuantity(kept.quantity);
      resumeOrientation.current = kept.orientation ?? null;
      setResumeAction(kept.action);
      await processFile(new File([kept.file], kept.name));
    })();
  }, [session.status, navigate, processFile]);
  // Carries on with what the user asked for: save as soon as the server has priced the file, then
  // (Order) go to the checkout.
  useEffect(() => {
    if (resumeAction === null) return;
    if (save.status === 'saved') {
      setResumeAction(null);
      if (resumeAction === 'order') navigate(checkoutPath(save.id));
    } else if (save.status === 'error' || (phase === 'idle' && error !== null)) {
      setResumeAction(null);
    } else if (save.status === 'idle' && canSave) {
      void saveQuote();
    }
  }, [resumeAction, save, canSave, saveQuote, navigate, phase, error]);

  const requestSave = useCallback(
    async (mode: SaveMode = 'new') => {
      if (await isSignedIn()) await saveQuote(mode);
      else await askForAccount('save');
    },
    [isSignedIn, saveQuote, askForAccount],
  );
  const requestOrder = useCallback(async () => {
    if (!(await isSignedIn())) await askForAccount('order');
    else if (save.status === 'saved') navigate(checkoutPath(save.id));
    else if (canSave) setResumeAction('order');
  }, [isSignedIn, askForAccount, save, canSave, navigate]);
  /** Save and Order are offered: with the server's price (signed in), or the browser's (a visitor). */
  const saveEnabled = signedIn
    ? canSave && resumeAction === null
    : sessionKnown &&
      quantityError === null &&
      phase === 'ready' &&
      source.current !== null &&
      (shown ? !shown.updating : viewer.status === 'unavailable');

  return {
    session,
    signedIn,
    saveEnabled,
    resuming: resumeAction !== null,
    /** Turned to a face the user chose (not as the file lies, nor the side it must lie on). */
    turnedByChoice:
      orientation !== null &&
      !(fitOrientation !== null && orientation.every((v, i) => v === fitOrientation[i])),
    keepError,
    requestSave,
    requestOrder,
    phase,
    error,
    file,
    upload,
    job,
    analysis: shownAnalysis,
    orientation,
    resetOrientation,
    analysisSource: serverAnalysis
      ? ('server' as const)
      : clientAnalysis
        ? job === null && upload === null
          ? ('browser' as const)
          : ('instant' as const)
        : null,
    viewer: shownViewer,
    params,
    colorNote,
    quantity,
    quantityError,
    shown,
    hints,
    applyHint,
    previewError,
    canSave,
    save,
    unitsBusy,
    saved,
    savedError,
    openingId,
    opened,
    processFile,
    reset,
    updateParams,
    updateQuantity,
    saveQuote,
    openSaved,
    deleteSaved,
    renameSaved,
    changeUnits,
    setError,
  };
}

export type CalculatorModel = ReturnType<typeof useCalculator>;
