import { z } from 'zod';

export const ROLES = ['admin', 'rm', 'compliance', 'head', 'view'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles that sign in through login-others with their admin's email. */
export const EMPLOYEE_ROLES = ['rm', 'compliance', 'head', 'view'] as const;
export const employeeRoleSchema = z.enum(EMPLOYEE_ROLES);
export type EmployeeRole = z.infer<typeof employeeRoleSchema>;

export const PLANS = ['free', 'pro', 'business'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

export const PAID_PLANS = ['pro', 'business'] as const;
export const paidPlanSchema = z.enum(PAID_PLANS);
export type PaidPlan = z.infer<typeof paidPlanSchema>;

export const isPaidPlan = (plan: Plan): plan is PaidPlan => plan !== 'free';
