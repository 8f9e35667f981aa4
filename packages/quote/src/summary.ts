/** A saved quote's parameters in one line, as the quote list and its PDF show them. */
export interface SummarisedParameters {
  filamentType: string;
  layerHeight: number;
  infillPercentage: number;
  printSpeed: number;
  supportRequired: boolean;
  postProcessing: readonly string[];
  color?: string | null;
}

/** 'PETG · black · 0.2 mm · 20 % infill · 60 mm/s · supports · sanding' (colour and extras when chosen). */
export function summarizeParameters(p: SummarisedParameters): string {
  const parts = [p.filamentType];
  if (p.color) parts.push(p.color);
  parts.push(
    `${Number(p.layerHeight.toFixed(3))} mm`,
    `${p.infillPercentage} % infill`,
    `${p.printSpeed} mm/s`,
  );
  if (p.supportRequired) parts.push('supports');
  for (const extra of p.postProcessing) parts.push(extra);
  return parts.join(' · ');
}
