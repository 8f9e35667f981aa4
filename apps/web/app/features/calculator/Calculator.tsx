import { useNavigate } from 'react-router';
import { Container } from '../../components/ui/layout';
import { useHydrated } from '../auth/hydrated';
import { loginPathFor } from '../auth/validation';
import { FileSummary } from './FileSummary';
import { isUnitlessFormat } from './files';
import { HintsPanel } from './HintsPanel';
import { HowWeCalculate } from './HowWeCalculate';
import { ParametersCard } from './ParametersCard';
import { QuoteSummary } from './QuoteSummary';
import { SavedQuotes } from './SavedQuotes';
import { UploadArea } from './UploadArea';
import { CALCULATOR_PATH, useCalculator } from './useCalculator';
import { ViewerPanel } from './ViewerPanel';

export function Calculator() {
  const c = useCalculator();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const analysis = c.analysis;

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
            model's real geometry. Save quotes to your account and re-price them at any time.
          </p>
        </Container>
      </section>
      <Container className="py-8 sm:py-10">
        <div id="calculator-workspace" className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 space-y-6 lg:col-span-3">
            <UploadArea
              session={c.session}
              hydrated={hydrated}
              phase={c.phase}
              upload={c.upload}
              error={c.error}
              onFile={(f) => void c.processFile(f)}
              onRequireSignIn={() => navigate(loginPathFor(CALCULATOR_PATH))}
            />
            <ViewerPanel
              viewer={c.viewer}
              tintOverhangs={analysis?.supports_recommended ?? false}
              fileName={c.file?.name ?? null}
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
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <ParametersCard
              params={c.params}
              colorNote={c.colorNote}
              quantity={c.quantity}
              quantityError={c.quantityError}
              onChange={c.updateParams}
              onQuantity={c.updateQuantity}
            />
            <QuoteSummary
              problem={c.quantityError}
              shown={c.shown}
              hasFile={c.file !== null}
              processing={c.phase === 'processing'}
              previewError={c.previewError}
              canSave={c.canSave}
              save={c.save}
              opened={c.opened}
              onSave={(mode) => void c.saveQuote(mode)}
              onReset={c.reset}
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
      </Container>
    </>
  );
}
