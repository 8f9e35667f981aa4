import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type CodeLanguage, type CodeSamples, codeLanguages } from './languages';

/** A block of code in a dark box; long lines scroll inside the box, never the page. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="min-w-0 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {label ? (
        <div className="border-b border-slate-700 px-4 py-2 font-mono text-xs text-slate-300">{label}</div>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100" tabIndex={0}>
        <code className="font-mono">{code}</code>
      </pre>
    </div>
  );
}

export { type CodeLanguage, type CodeSamples, codeLanguages } from './languages';

const languageLabels: Record<CodeLanguage, string> = {
  javascript: 'JavaScript',
  python: 'Python',
  curl: 'cURL',
};

/**
 * The same request in JavaScript, Python and cURL as an accessible tab set
 * (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs).
 * Every panel is in the DOM; the inactive ones carry the `hidden` attribute.
 */
export function CodeTabs({ samples, label }: { samples: CodeSamples; label: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState<CodeLanguage>('javascript');
  const tabRefs = useRef<Record<CodeLanguage, HTMLButtonElement | null>>({
    javascript: null,
    python: null,
    curl: null,
  });

  const select = (lang: CodeLanguage, focus: boolean) => {
    setSelected(lang);
    if (focus) tabRefs.current[lang]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = codeLanguages.length - 1;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    const lang = codeLanguages[next];
    if (lang) select(lang, true);
  };

  return (
    <div className="min-w-0 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <div role="tablist" aria-label={label} className="flex border-b border-slate-700 bg-slate-950/40">
        {codeLanguages.map((lang, index) => {
          const active = lang === selected;
          return (
            <button
              key={lang}
              ref={(el) => {
                tabRefs.current[lang] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${lang}`}
              aria-controls={`${baseId}-panel-${lang}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              data-lang={lang}
              onClick={() => select(lang, false)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-offset-[-3px] ${
                active ? 'border-sky-400 text-white' : 'border-transparent text-slate-300 hover:text-white'
              }`}
            >
              {languageLabels[lang]}
            </button>
          );
        })}
      </div>
      {codeLanguages.map((lang) => (
        <div
          key={lang}
          role="tabpanel"
          id={`${baseId}-panel-${lang}`}
          aria-labelledby={`${baseId}-tab-${lang}`}
          hidden={lang !== selected}
          data-lang={lang}
        >
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <pre className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100" tabIndex={0}>
            <code className="font-mono">{samples[lang]}</code>
          </pre>
        </div>
      ))}
    </div>
  );
}

/** Name / type / required / description table for request parameters and fields. */
export interface ParamRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Limits, allowed values and defaults, shown under the description. */
  details?: readonly string[];
}

/** How the Required column reads: "Required: Yes/No" for requests, "Present: Always/Sometimes" for objects. */
export interface RequiredWords {
  column: string;
  yes: string;
  no: string;
}

const REQUIRED_WORDS: RequiredWords = { column: 'Required', yes: 'Yes', no: 'No' };

function Description({ row }: { row: ParamRow }) {
  return (
    <>
      {row.description}
      {row.details?.length ? (
        <span className="mt-0.5 block text-xs text-slate-600 [overflow-wrap:anywhere]">
          {row.details.join(' · ')}
        </span>
      ) : null}
    </>
  );
}

/**
 * A table for screens from `sm` up (narrow screens get a stacked list instead), with a screen-reader
 * caption and one header cell a column.
 */
export function WideTable({
  caption,
  columns,
  bodyClassName,
  children,
}: {
  caption: string;
  columns: readonly string[];
  bodyClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-2 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}

export function ParamTable({
  rows,
  caption,
  words = REQUIRED_WORDS,
}: {
  rows: readonly ParamRow[];
  caption: string;
  words?: RequiredWords;
}) {
  return (
    <>
      {/* Narrow screens: one stacked entry per parameter, so descriptions are readable without scrolling. */}
      <ul
        aria-label={caption}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white sm:hidden"
      >
        {rows.map((row) => (
          <li key={row.name} className="p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-mono font-semibold text-slate-900 [overflow-wrap:anywhere]">
                {row.name}
              </span>
              <span className="font-mono text-slate-700">{row.type}</span>
              <span className={row.required ? 'font-semibold text-slate-900' : 'text-slate-600'}>
                {words === REQUIRED_WORDS
                  ? row.required
                    ? 'required'
                    : 'optional'
                  : (row.required ? words.yes : words.no).toLowerCase()}
              </span>
            </p>
            <p className="mt-1 text-slate-700">
              <Description row={row} />
            </p>
          </li>
        ))}
      </ul>
      <WideTable
        caption={caption}
        columns={['Name', 'Type', words.column, 'Description']}
        bodyClassName="divide-y divide-slate-200 bg-white"
      >
        {rows.map((row) => (
          <tr key={row.name}>
            <td className="whitespace-nowrap px-4 py-2 align-top font-mono text-slate-900">{row.name}</td>
            <td className="whitespace-nowrap px-4 py-2 align-top font-mono text-slate-700">{row.type}</td>
            <td className="px-4 py-2 align-top text-slate-700">{row.required ? words.yes : words.no}</td>
            <td className="min-w-64 px-4 py-2 align-top text-slate-700">
              <Description row={row} />
            </td>
          </tr>
        ))}
      </WideTable>
    </>
  );
}

/** Inline code. */
export function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-900 [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}
