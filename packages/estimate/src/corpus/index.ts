export {
  buildPart,
  CORPUS_FAMILIES,
  type CorpusFamily,
  type CorpusPart,
  gearOutline,
  type PartSpec,
} from './parts.js';
