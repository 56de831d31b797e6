/** The customer's suitability profile (issue 28, item 2). docs/product-rules.md. */
export * from './profile.js';
