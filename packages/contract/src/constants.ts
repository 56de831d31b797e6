/** Business constants of product-rules: Constants, shared by the server and the web app. */
export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const BUSINESS_NAME_MAX = 100;
export const EMPLOYEES_MIN = 1;
export const EMPLOYEES_MAX = 10_000;
export const OTP_LENGTH = 6;
export const REQUIRED_COLUMN_COUNT = 28;
export const UNLOCK_COST = 10;
export const STARTING_CREDITS = 100;
export const NO_CREDITS_THRESHOLD = 5;
export const FREE_PLAN_UPLOADS = 1;
export const MANAGE_CUSTOMERS_PAGE_SIZE = 25;
export const SETTINGS_CUSTOMERS_FETCHED = 10;
export const SETTINGS_CUSTOMERS_SHOWN = 7;
export const FILE_TAB_PREVIEW_ROWS = 5;
export const TOP_BIASES_LISTED = 3;
export const PRIORITY_MAX = 10;
export const BIAS_SCORE_MAX = 100;
export const PAYMENT_REDIRECT_DELAY_MS = 1100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CLAIMED_USER_COUNT = '12,000';

/**
 * Where the product name goes in the landing page rendered at build time (apps/web
 * prerender.tsx): the server writes the configured APP_NAME there as it serves the page.
 */
export const APP_NAME_SLOT = '%APP_NAME%';

/** Browser storage keys of product-rules: Entities and fields. */
export const STORAGE_KEYS = {
  token: 'token',
  unlockedFeatures: 'unlockedFeatures',
  featureDataCache: 'featureDataCache',
} as const;

/** Toast durations of product-rules: Constants, in milliseconds. */
export const TOAST_MS = {
  general: 3000,
  listError: 4000,
  noCredits: 4000,
  uploadError: 5000,
  tooManyAttempts: 5000,
  unlockResult: 5000,
  paidResult: 5000,
  continue: 2000,
} as const;

/** The status code the spec uses for a missing, invalid or expired token. */
export const INVALID_TOKEN_STATUS = 420;
/** The status code the spec uses for an unlock without enough credits. */
export const NOT_ENOUGH_CREDITS_STATUS = 421;
