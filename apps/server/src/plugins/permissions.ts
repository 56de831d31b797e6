import { API_KEY_MESSAGES, EMPLOYEE_MESSAGES, ADMIN_MESSAGES, MESSAGES } from '@behavio/contract';
import type { AccessRule } from './access.js';

/**
 * Who may call what: every API route uses one of these rules, and docs/permissions.md and the
 * permission-matrix test are written from this table.
 */
export const RULES = {
  public: { public: true },
  /** Any signed-in employee of the firm, on any plan. */
  anyEmployee: {},
  /** The firm admin, on any plan (uploading and deleting files). */
  admin: { roles: ['admin'], roleMessage: 'Only the firm admin can do this.' },
  /** Employees and roles: the admin, on a paid plan. */
  roleManagement: {
    roles: ['admin'],
    roleMessage: 'Only the firm admin can manage employees.',
    paidPlanMessage: EMPLOYEE_MESSAGES.upgradeRequired,
  },
  /** Reading the employee directory: admin, head and compliance, on a paid plan. */
  employeeDirectory: {
    roles: ['admin', 'head', 'compliance'],
    paidPlanMessage: EMPLOYEE_MESSAGES.upgradeRequired,
  },
  /** Changing who looks after a customer: the admin, on a paid plan. */
  assignment: {
    roles: ['admin'],
    roleMessage: 'Only the firm admin can assign customers.',
    paidPlanMessage: ADMIN_MESSAGES.upgradeRequired,
  },
  /** The firm's customer list and RMs: every role but rm (who has their own book), paid plan. */
  customerList: {
    roles: ['admin', 'head', 'compliance', 'view'],
    paidPlanMessage: ADMIN_MESSAGES.upgradeRequired,
  },
  /** Any RM's book and call list: admin, head and compliance, on a paid plan. */
  rmOversight: {
    roles: ['admin', 'head', 'compliance'],
    paidPlanMessage: ADMIN_MESSAGES.upgradeRequired,
  },
  /** The export of the admin's view of an RM's book or call list: the admin, on a paid plan. */
  rmListExport: {
    roles: ['admin'],
    roleMessage: "Only the firm admin can export an RM's lists.",
    paidPlanMessage: ADMIN_MESSAGES.upgradeRequired,
  },
  /** The RM screens: an RM's own book, on a paid plan (product-rules: Roles and permissions). */
  ownBook: {
    roles: ['rm'],
    roleMessage: 'Only relationship managers have a customer book.',
    paidPlanMessage: MESSAGES.purchaseSubscription,
  },
  /** The audit log: admin and compliance, on any plan. */
  audit: { roles: ['admin', 'compliance'] },
  /** Buying, changing and cancelling the firm's subscription: the admin, on any plan (product-rules: Roles and permissions). */
  billing: { roles: ['admin'], roleMessage: MESSAGES.contactAdmin },
  /** The premium features a paid plan includes: any role, on a paid plan. */
  paidFeature: { paidPlanMessage: MESSAGES.purchaseSubscription },
  /** Recording a product outcome: an RM for their own customers, the admin for any; any plan. */
  productOutcome: {
    roles: ['admin', 'rm'],
    roleMessage: 'Only the firm admin and relationship managers can record product outcomes.',
  },
  /** A customer's page: the admin for any of the firm's customers, an RM for their own; any plan. */
  customerPage: {
    roles: ['admin', 'rm'],
    roleMessage: 'Only the firm admin and relationship managers can open a customer.',
  },
  /** Reading the daily call capacity: the admin (who sets the firm's) and RMs; any plan. */
  callCapacity: {
    roles: ['admin', 'rm'],
    roleMessage: 'Only the firm admin and relationship managers have a call capacity.',
  },
  /** Notes on a customer: an RM for their own customers, the admin for any; any plan. */
  customerNotes: {
    roles: ['admin', 'rm'],
    roleMessage: 'Only the firm admin and relationship managers can write notes on a customer.',
  },
  /** How the shelf performs: admin, head and compliance, on any plan. */
  productPerformance: {
    roles: ['admin', 'head', 'compliance'],
    roleMessage: 'Only the firm admin, head and compliance can see product performance.',
  },
  /** Changing the firm's product shelf: the admin, on any plan (issue 18). */
  productShelf: {
    roles: ['admin'],
    roleMessage: 'Only the firm admin can manage the product shelf.',
  },
  /** The firm's API keys: the admin, on any plan (the free plan's one file still bounds the feed). */
  apiKeys: { roles: ['admin'], roleMessage: API_KEY_MESSAGES.adminOnly },
  /** The customer feed: an API key of the firm, and nothing else (docs/api-feed.md). */
  apiFeed: { apiKey: true },
  /** What each import changed (issue 19): admin, head and compliance, on any plan. */
  fileChanges: {
    roles: ['admin', 'head', 'compliance'],
    roleMessage: 'Only the firm admin, head and compliance can see what an import changed.',
  },
} as const satisfies Record<string, AccessRule>;
