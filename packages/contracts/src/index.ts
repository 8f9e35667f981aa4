export * from './contact.js';
export * from './upload.js';
