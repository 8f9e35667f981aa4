import { site } from '../../config/site';

/** The two-part word mark: "Print" in ink, "Loop" in the brand colour. */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <span className={`text-xl font-extrabold tracking-tight ${className}`}>
      <span>{site.brandFirst}</span>
      <span className="text-brand-600">{site.brandSecond}</span>
    </span>
  );
}
