import { Container } from '../../components/ui/layout';
import { useHydrated } from '../auth/hydrated';
import { FileSummary } from './FileSummary';
import { isUnitlessFormat } from './files';
import { HintsPanel } from './HintsPanel';
import { HowWeCalculate } from './HowWeCalculate';
import { ParametersCard } from './ParametersCard';
import { QuoteSummary } from './QuoteSummary';
import { SavedQuotes } from './SavedQuotes';
import { PriceAnnouncer, StickyTotal } from './StickyTotal';
import { UploadArea } from './UploadArea';
import { type SaveMode, useCalculator } from './useCalculator';
import { ViewerPanel } from './ViewerPanel';

export function Calculator() {
  const c = useCalculator();
  const hydrated = useHydrated();
  const analysis = c.analysis;
  const onSave = (mode: SaveMode = 'new') => void c.requestSave(mode);
  const onOrder = () => void c.requestOrder();

  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-10 sm:py-12">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Instant quote</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            3D printing quote calculator
          </h1>
          <p className="mt-3 max-w-3xl text-slate-700">
            Upload a model, set your print parameters and get a price in pounds sterling, computed from your
            model's real geometry, with no account needed. Sign up to save quotes, re-price them at any time
            and order.
          </p>
        </Container>
      </section>
      <Container className="py-8 sm:py-10">
        <PriceAnnouncer shown={c.shown} />
        <div id="calculator-workspace" className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 space-y-6 lg:col-span-3">
            <UploadArea
              hydrated={hydrated}
              phase={c.phase}
              upload={c.upload}
              error={c.error ?? c.keepError}
              resuming={c.resuming}
              onFile={(f) => void c.processFile(f)}
            />
            <ViewerPanel
              viewer={c.viewer}
              tintOverhangs={analysis?.supports_recommended ?? false}
              fileName={c.file?.name ?? null}
              size={analysis?.bbox.size ?? null}
              turned={c.turnedByChoice}
              onResetOrientation={c.resetOrientation}
            />
            <ParametersCard
              params={c.params}
              colorNote={c.colorNote}
              quantity={c.quantity}
              quantityError={c.quantityError}
              onChange={c.updateParams}
              onQuantity={c.updateQuantity}
            />
            {c.file && analysis && c.analysisSource ? (
              <FileSummary
                file={c.file}
                analysis={analysis}
                source={c.analysisSource}
                canChangeUnits={c.job !== null && isUnitlessFormat(analysis.format)}
                unitsBusy={c.unitsBusy}
                supportRequired={c.params.supportRequired}
                onEnableSupports={() => c.updateParams({ supportRequired: true })}
                onChangeUnits={(u) => void c.changeUnits(u)}
              />
            ) : null}
          </div>
          {/* Wide screens: the summary stays in view beside the parameters while the page scrolls. */}
          <div className="min-w-0 space-y-6 lg:sticky lg:top-20 lg:col-span-2 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
            <QuoteSummary
              problem={c.quantityError}
              shown={c.shown}
              hasFile={c.file !== null}
              processing={c.phase === 'processing'}
              previewError={c.previewError}
              canSave={c.saveEnabled}
              save={c.save}
              opened={c.opened}
              onSave={onSave}
              onOrder={onOrder}
              onReset={c.reset}
              visitor={hydrated && c.session.status === 'signed-out'}
            />
            <HintsPanel hints={c.hints} onApply={c.applyHint} />
          </div>
        </div>
        <div className="mt-6 space-y-6">
          <SavedQuotes
            quotes={c.saved}
            error={c.savedError}
            openingId={c.openingId}
            onOpen={(id) => void c.openSaved(id)}
            onDelete={c.deleteSaved}
            onRename={c.renameSaved}
          />
          <HowWeCalculate />
        </div>
        {/* Phones: the total with Save and Order in a bar at the bottom of the screen. */}
        {c.file ? (
          <StickyTotal
            shown={c.shown}
            canSave={c.saveEnabled}
            save={c.save}
            onSave={onSave}
            onOrder={onOrder}
            opened={c.opened}
            problem={c.quantityError}
          />
        ) : null}
      </Container>
    </>
  );
}
