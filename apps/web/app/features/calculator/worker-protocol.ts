/** Messages between the calculator and its model worker. */
import type { Analysis, Units } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/quote';

export interface ClientEstimate {
  print_time_s: number;
  filament_g: number;
  filament_cm3: number;
  filament_mm: number;
  layers: number;
}

export type WorkerRequest =
  | { type: 'load'; id: number; buffer: ArrayBuffer; fileName: string; units: Units | null }
  | { type: 'estimate'; id: number; modelId: number; params: PrintParameters }
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
  | { type: 'error'; id: number; code: string; message: string };
