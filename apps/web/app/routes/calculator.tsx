import { paths } from '../config/paths';
import { Calculator } from '../features/calculator/Calculator';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Instant quote calculator',
    description:
      'Upload an STL, OBJ, 3MF or STEP model, see it in 3D, set layer height, material, infill and finishing, and get an instant price for your 3D print.',
    path: paths.calculator,
    noindex: true,
  });

export default function CalculatorPage() {
  return <Calculator />;
}
