/** Messages between the calculator and its model worker. */
import type { Analysis, Orientation, Units } from '@printloop/geometry';
import type { HintCandidate, PrintParameters } from '@printloop/quote';

export interface ClientEstimate {
  print_time_s: number;
  filament_g: number;
  filament_cm3: number;
  filament_mm: number;
  layers: number;
}

export type WorkerRequest =
  | {
      type: 'load';
      id: number;
      buffer: ArrayBuffer;
      fileName: string;
      units: Units | null;
      /** When set, the worker prices these parameters right after parsing, before measuring. */
      params?: PrintParameters;
    }
  /** `orientation`: the face put down (the mesh turned as the server turns it); absent: as it lies. */
  | { type: 'estimate'; id: number; modelId: number; params: PrintParameters; orientation?: Orientation }
  /** The savings hints' candidates for the loaded model (asked for after the first price). */
  | { type: 'hints'; id: number; modelId: number; params: PrintParameters; orientation?: Orientation }
  /** The faces worth trying for the orientation hint, and whether the part needs supports as it lies. */
  | { type: 'orientation-faces'; id: number; modelId: number; params: PrintParameters }
  /** One face's orientation candidate (one per message, so instant prices are answered in between). */
  | {
      type: 'orientation-hint';
      id: number;
      modelId: number;
      params: PrintParameters;
      orientation: Orientation;
      supportNeeded: boolean;
    }
  /** A triangle soup in mm computed elsewhere (the server's tessellation of a STEP file). */
  | { type: 'loadMesh'; id: number; positions: Float32Array };

export type WorkerResponse =
  | {
      type: 'loaded';
      id: number;
      /** Null for 'loadMesh' (the server's analysis applies). */
      analysis: Analysis | null;
      positions: Float32Array;
      overhang: Uint8Array;
      overhangCount: number;
    }
  | { type: 'estimated'; id: number; estimate: ClientEstimate }
  | { type: 'hint-candidates'; id: number; candidates: HintCandidate[] }
  | { type: 'orientation-faces'; id: number; faces: Orientation[]; supportNeeded: boolean }
  /** The first instant estimate of a 'load' (same id), sent before the full analysis. */
  | { type: 'early-estimate'; id: number; params: PrintParameters; estimate: ClientEstimate }
  | { type: 'error'; id: number; code: string; message: string };
