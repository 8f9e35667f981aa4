/**
 * The house printer: build volume, nozzle, filament and the firmware limits the G-code sets
 * (fixtures/models/house-printer.ini, `machine_max_*`, `default_acceleration`). Pure data.
 */

export interface AxisLimits {
  x: number;
  y: number;
  z: number;
  e: number;
}

export interface PrinterProfile {
  /** Build volume (mm). */
  x: number;
  y: number;
  z: number;
  nozzle: number;
  filamentDiameter: number;
  /** machine_max_feedrate_* (mm/s). */
  maxFeedrate: Readonly<AxisLimits>;
  /** machine_max_acceleration_* (mm/s²). */
  maxAcceleration: Readonly<AxisLimits>;
  /** machine_max_acceleration_extruding / _retracting / _travel (mm/s²). */
  maxAccelerationExtruding: number;
  maxAccelerationRetracting: number;
  maxAccelerationTravel: number;
  /** machine_max_jerk_* (mm/s): classic jerk, the speed change an axis may make at a junction. */
  maxJerk: Readonly<AxisLimits>;
  /** default_acceleration (mm/s²): printing moves. */
  printAcceleration: number;
  /** machine_min_extruding_rate / machine_min_travel_rate (mm/s). */
  minExtrudingRate: number;
  minTravelRate: number;
}

export const HOUSE_PRINTER: Readonly<PrinterProfile> = Object.freeze({
  x: 250,
  y: 210,
  z: 210,
  nozzle: 0.4,
  filamentDiameter: 1.75,
  maxFeedrate: Object.freeze({ x: 200, y: 200, z: 12, e: 120 }),
  maxAcceleration: Object.freeze({ x: 1250, y: 1250, z: 200, e: 5000 }),
  maxAccelerationExtruding: 1250,
  maxAccelerationRetracting: 1250,
  maxAccelerationTravel: 1250,
  maxJerk: Object.freeze({ x: 8, y: 8, z: 0.4, e: 5 }),
  printAcceleration: 1000,
  minExtrudingRate: 0,
  minTravelRate: 0,
});
