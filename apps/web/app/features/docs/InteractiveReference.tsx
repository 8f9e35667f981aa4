import scalarScriptUrl from 'virtual:scalar-standalone';
import { useEffect, useRef, useState } from 'react';
import { type TryItConfiguration, tryItConfiguration } from './try-config';

interface ScalarGlobal {
  createApiReference: (element: Element, configuration: TryItConfiguration) => { destroy: () => void };
}

/** Scalar's browser bundle, added once; resolves to the `window.Scalar` it defines. */
function loadScalar(): Promise<ScalarGlobal> {
  const w = window as unknown as { Scalar?: ScalarGlobal };
  if (w.Scalar) return Promise.resolve(w.Scalar);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scalarScriptUrl;
    script.async = true;
    script.onload = () => (w.Scalar ? resolve(w.Scalar) : reject(new Error('Scalar did not load')));
    script.onerror = () => reject(new Error('Scalar could not be loaded'));
    document.head.append(script);
  });
}

/**
 * Scalar titles the document with an h1, but the page already has its own ("Try the API"): its h1s
 * become h2s as they appear. The element is swapped and its children moved (not copied), so Vue's
 * later updates of the title's text still land in the visible heading.
 */
function keepOneH1(root: HTMLElement): MutationObserver {
  const demote = () => {
    for (const h1 of root.querySelectorAll('h1')) {
      const h2 = document.createElement('h2');
      for (const attr of h1.attributes) h2.setAttribute(attr.name, attr.value);
      h2.append(...h1.childNodes);
      h1.replaceWith(h2);
    }
  };
  const observer = new MutationObserver(demote);
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}

/**
 * The interactive reference (Scalar), mounted in the browser only. Its bundle (code and styles) is
 * loaded when this component mounts, so no other page ever downloads it.
 */
export function InteractiveReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadScalar()
      .then(({ createApiReference }) => {
        if (cancelled || !container.current) return;
        const root = container.current;
        const observer = keepOneH1(root);
        const instance = createApiReference(root, tryItConfiguration(window.location.origin));
        destroy = () => {
          observer.disconnect();
          instance.destroy();
        };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, []);

  return (
    <div className="min-w-0">
      {state === 'loading' ? (
        <p role="status" className="px-4 py-16 text-center text-slate-600">
          Loading the interactive reference…
        </p>
      ) : null}
      {state === 'error' ? (
        <p
          role="alert"
          className="mx-4 my-10 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800"
        >
          The interactive reference could not be loaded. Please reload the page, or read the API reference
          instead.
        </p>
      ) : null}
      <div ref={container} data-testid="interactive-reference" />
    </div>
  );
}
