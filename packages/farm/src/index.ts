export * from './fleet.js';
export * from './lead-time.js';
export * from './plates.js';
export * from './scheduler.js';
