export * from './parameters.js';
export * from './price.js';
