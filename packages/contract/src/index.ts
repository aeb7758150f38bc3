export * from './envelope.js';
export * from './errors.js';
export * from './endpoint.js';
export * from './constants.js';
export * from './system.js';
export * from './cs-path.js';
export * from './admin.js';
export * from './register-rules.js';
