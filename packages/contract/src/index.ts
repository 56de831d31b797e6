export * from './constants.js';
export * from './roles.js';
export * from './errors.js';
export * from './schemas/fields.js';
export * from './schemas/auth.js';
export * from './schemas/customer-columns.js';
export * from './schemas/files.js';
export * from './schemas/insights.js';
