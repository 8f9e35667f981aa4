import { Component, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { formatDimensions } from './format';
import type { ViewerState } from './useCalculator';

const ModelViewer = lazy(() => import('./ModelViewer'));

export const VIEWER_MESSAGES = {
  loading: 'Loading model...',
  failed: 'Failed to load 3D model',
} as const;

/** The 3D view's text alternative: what it shows, in words (the model's name and size). */
export function viewerDescription(fileName: string | null, size: readonly number[] | null): string {
  const name = fileName ?? 'your model';
  return size
    ? `3D view of ${name}, ${formatDimensions(size)} (width × depth × height).`
    : `3D view of ${name}; its dimensions follow once it is measured.`;
}

/** Whether this browser can give us a WebGL context at all. */
function webglAvailable(): boolean {
  try {
    const c = document.createElement('canvas');
    return Boolean(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

class ViewerBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('3D preview failed:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Overlay({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <div
      className={`absolute inset-0 flex items-center justify-center p-6 text-center text-sm ${
        tone === 'error' ? 'text-red-800' : 'text-slate-600'
      }`}
    >
      {children}
    </div>
  );
}

export function ViewerPanel({
  viewer,
  tintOverhangs,
  fileName,
  size = null,
  turned = false,
  onResetOrientation,
}: {
  viewer: ViewerState;
  tintOverhangs: boolean;
  fileName: string | null;
  /** The model's bounding box in mm (x, y, z), for the text alternative. */
  size?: readonly number[] | null;
  /** Shown turned onto another face (an orientation hint applied). */
  turned?: boolean;
  onResetOrientation?: () => void;
}) {
  const resetRef = useRef<(() => void) | null>(null);
  const [webgl] = useState(() => (typeof document === 'undefined' ? true : webglAvailable()));
  const failed = (
    <Overlay tone="error">
      <span role="alert">{VIEWER_MESSAGES.failed}</span>
    </Overlay>
  );

  let body: ReactNode;
  if (viewer.status === 'empty') body = null;
  else if (viewer.status === 'loading')
    body = (
      <Overlay>
        <span role="status">{VIEWER_MESSAGES.loading}</span>
      </Overlay>
    );
  else if (viewer.status === 'unavailable') body = <Overlay>{viewer.message}</Overlay>;
  else if (viewer.status === 'error' || !webgl) body = failed;
  else
    body = (
      <ViewerBoundary key={viewer.model.key} fallback={failed}>
        <Suspense
          fallback={
            <Overlay>
              <span role="status">{VIEWER_MESSAGES.loading}</span>
            </Overlay>
          }
        >
          <ModelViewer
            positions={viewer.model.positions}
            overhang={viewer.model.overhang}
            tintOverhangs={tintOverhangs && viewer.model.overhangCount > 0}
            resetRef={resetRef}
          />
        </Suspense>
      </ViewerBoundary>
    );

  if (viewer.status === 'empty') return null;
  return (
    <figure
      aria-label={viewerDescription(fileName, size)}
      data-testid="model-view"
      className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
    >
      <div className="relative h-72 w-full touch-none sm:h-96">{body}</div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-2 text-xs text-slate-600">
        <span>
          {fileName ? <span className="font-medium text-slate-800">{fileName}</span> : null} Drag to orbit,
          scroll or pinch to zoom, right-drag to pan.
          {tintOverhangs && viewer.status === 'ready' && viewer.model.overhangCount > 0 ? (
            <span className="ml-1">
              <span
                className="inline-block h-2.5 w-2.5 rounded-sm bg-orange-500 align-middle"
                aria-hidden="true"
              />{' '}
              Overhangs that need support.
            </span>
          ) : null}
          {turned ? (
            <span className="ml-1 font-medium text-emerald-800" data-testid="orientation-note">
              Shown and priced turned onto another face.
            </span>
          ) : null}
        </span>
        <span className="flex flex-wrap gap-2">
          {turned && onResetOrientation ? (
            <button
              type="button"
              onClick={onResetOrientation}
              data-testid="reset-orientation"
              aria-label="Reset orientation: print the part as the file lies"
              className="rounded-md border border-emerald-400 px-3 py-1 text-xs font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Reset orientation
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => resetRef.current?.()}
            disabled={viewer.status !== 'ready'}
            className="rounded-md border border-slate-300 px-3 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            Reset view
          </button>
        </span>
      </figcaption>
    </figure>
  );
}
