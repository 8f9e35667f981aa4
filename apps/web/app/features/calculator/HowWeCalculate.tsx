import { HOUSE_PRINTER } from '@printloop/geometry';
import {
  FILAMENT_TYPES,
  formatGBP,
  MATERIALS,
  POST_PROCESSING_OPTIONS,
  PRICE_TABLE,
  VOLUME_DISCOUNTS,
} from '@printloop/quote';
import { formatPercent } from './format';

function tierLabel(t: (typeof VOLUME_DISCOUNTS)[number]): string {
  return t.maxQuantity === null ? `${t.minQuantity}+ units` : `${t.minQuantity}–${t.maxQuantity} units`;
}

/** The pricing method, with every constant read from the versioned price table. */
export function HowWeCalculate() {
  const t = PRICE_TABLE;
  const finishing = POST_PROCESSING_OPTIONS.map((o) => t.postProcessingPence[o]);
  const sameFinishing = finishing.every((p) => p === finishing[0]);
  return (
    <section
      aria-labelledby="how-we-calculate"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="how-we-calculate" className="text-xl font-bold text-slate-900">
        How We Calculate Your Quote
      </h2>
      <div className="mt-4 grid gap-8 text-sm text-slate-700 lg:grid-cols-2">
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">1. We measure and slice your model</h3>
          <p>
            Your file is measured exactly: volume, surface, bounding box, whether the mesh is watertight, and
            which faces overhang by more than 45°. It is then sliced into layers at your chosen layer height,
            the way our printers slice it, on our house printer ({HOUSE_PRINTER.x} × {HOUSE_PRINTER.y} ×{' '}
            {HOUSE_PRINTER.z} mm build volume, 0.4 mm nozzle).
          </p>
          <p>
            Every layer is split into walls (the outer perimeters), solid top and bottom skins, sparse infill
            at your infill percentage, and, when supports are on, support material under the overhangs. Their
            extrusion lengths give the filament, and its grams follow from the material's density (
            {FILAMENT_TYPES.map((f) => `${f} ${MATERIALS[f].density_g_cm3} g/cm³`).join(', ')}).
          </p>
          <p>
            Print time comes from the length of every path at your print speed, with the printer's
            acceleration limits on each move, slower first layers, travel moves and layer changes. The figures
            you see first are computed instantly in your browser; the quote is then confirmed on our server
            from its own analysis of the uploaded file, and only the server's price is saved.
          </p>
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">2. We price it</h3>
          <ul className="list-disc space-y-1.5 pl-5">
            <li>
              Material: grams of filament × price per kg (
              {FILAMENT_TYPES.map((f) => `${f} ${formatGBP(t.materialPencePerKg[f])}`).join(', ')}).
            </li>
            <li>Machine time: print hours × {formatGBP(t.machinePencePerHour)} per hour.</li>
            <li>Supports: add {formatPercent(t.supportRate)} of material and machine time.</li>
            <li>
              Finishing:{' '}
              {sameFinishing
                ? `${formatGBP(finishing[0] ?? 0)} per option (${POST_PROCESSING_OPTIONS.join(', ')})`
                : POST_PROCESSING_OPTIONS.map((o) => `${o} ${formatGBP(t.postProcessingPence[o])}`).join(
                    ', ',
                  )}
              .
            </li>
            <li>
              Unit price: the sum × {t.markup} (production, quality control and handling), in pounds sterling
              (GBP).
            </li>
            <li>
              Ready to ship: the working days our production queue needs for your order today (when no printer
              could take it, its print hours ÷ {t.leadTime.printHoursPerDay}, rounded up, +{' '}
              {t.leadTime.extraDays} day{t.leadTime.extraDays === 1 ? '' : 's'} for quality control and
              packing). Delivered by: then the chosen shipping service's longest transit time. Both count
              working days, Monday to Friday.
            </li>
            <li>
              Prices are before VAT. VAT is settled at checkout by the delivery country:{' '}
              {Math.round(t.vat.ukRate * 100)} % for the UK, none for EU businesses with a VAT number (reverse
              charge) or for exports.
            </li>
            <li>Each quote is valid for {t.validityDays} days.</li>
          </ul>
          <h3 className="pt-2 font-semibold text-slate-900">Automatic volume discounts</h3>
          <table className="w-full max-w-sm text-left">
            <caption className="sr-only">Volume discount tiers</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-900">
                <th scope="col" className="py-1.5 font-semibold">
                  Quantity
                </th>
                <th scope="col" className="py-1.5 font-semibold">
                  Discount
                </th>
              </tr>
            </thead>
            <tbody>
              {VOLUME_DISCOUNTS.map((tier) => (
                <tr key={tier.minQuantity} className="border-b border-slate-100">
                  <td className="py-1.5">{tierLabel(tier)}</td>
                  <td className="py-1.5">{tier.rate > 0 ? formatPercent(tier.rate) : 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-slate-600">Price table version {t.version}.</p>
        </div>
      </div>
    </section>
  );
}
