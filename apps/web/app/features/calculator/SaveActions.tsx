import type { OpenedQuote, SaveMode, SaveState } from './useCalculator';

const primary =
  'flex-1 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600';
const secondary =
  'flex-1 rounded-md border border-brand-600 bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500';

/**
 * Save for a new quote; for an opened (or just saved) one, the choice of 'Update' (the same quote and
 * reference, re-priced) or 'Save as new' (another quote).
 */
export function SaveActions({
  canSave,
  save,
  opened,
  onSave,
}: {
  canSave: boolean;
  save: SaveState;
  opened: OpenedQuote | null;
  onSave: (mode: SaveMode) => void;
}) {
  const saving = save.status === 'saving' ? save.mode : null;
  if (!opened) {
    return (
      <button type="button" onClick={() => onSave('new')} disabled={!canSave} className={primary}>
        {saving ? 'Saving...' : 'Save Quote'}
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form fieldset
    <div role="group" aria-label={`Save changes to ${opened.name}`} className="flex flex-1 flex-wrap gap-3">
      <button
        type="button"
        onClick={() => onSave('update')}
        disabled={!canSave}
        aria-label={`Update ${opened.reference}`}
        aria-describedby="save-update-hint"
        className={primary}
      >
        {saving === 'update' ? 'Updating...' : 'Update'}
      </button>
      <button type="button" onClick={() => onSave('new')} disabled={!canSave} className={secondary}>
        {saving === 'new' ? 'Saving...' : 'Save as new'}
      </button>
      <p id="save-update-hint" className="w-full text-xs text-slate-600">
        Update re-prices {opened.reference} with these settings; Save as new keeps it and adds another quote.
      </p>
    </div>
  );
}

export function savedMessage(save: SaveState): string | null {
  if (save.status !== 'saved') return null;
  return save.mode === 'update' ? `Quote ${save.reference} updated` : `Quote saved as ${save.reference}`;
}
