import { EMPLOYEE_MESSAGES, ADMIN_MESSAGES, MESSAGES } from '@behavio/contract';
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
} as const satisfies Record<string, AccessRule>;
