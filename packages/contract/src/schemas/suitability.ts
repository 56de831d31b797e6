import { z } from 'zod';

/**
 * The customer's suitability profile (issue 28, item 2): computed from the row by
 * packages/insights (`suitabilityProfileOf`); the thresholds are in docs/product-rules.md,
 * "Suitability profile".
 */

export const KNOWLEDGE_LEVELS = ['none', 'basic', 'informed', 'expert'] as const;
export type KnowledgeLevel = (typeof KNOWLEDGE_LEVELS)[number];

export const CAPACITIES_FOR_LOSS = ['low', 'medium', 'high'] as const;
export type CapacityForLoss = (typeof CAPACITIES_FOR_LOSS)[number];

/** Exactly these four for now: a new flag needs a documented decision. */
export const VULNERABILITY_FLAGS = [
  'age_80_plus',
  'low_knowledge',
  'overrated_risk',
  'contradictory_data',
] as const;
export type VulnerabilityFlagName = (typeof VULNERABILITY_FLAGS)[number];

export const vulnerabilityFlagSchema = z.object({
  flag: z.enum(VULNERABILITY_FLAGS),
  reason: z.string().min(1),
});
export type VulnerabilityFlag = z.infer<typeof vulnerabilityFlagSchema>;

export const suitabilityProfileSchema = z.object({
  knowledge_level: z.enum(KNOWLEDGE_LEVELS),
  /** 1-7, the PRIIPs scale a product's risk_class is on. */
  risk_tolerance: z.number().int().min(1).max(7),
  capacity_for_loss: z.enum(CAPACITIES_FOR_LOSS),
  horizon_years: z.number().min(1).max(30),
  vulnerability_flags: z.array(vulnerabilityFlagSchema),
  /** True when any flag is raised: only capital-safe, non-credit products are recommended. */
  needs_review: z.boolean(),
  /** Each part of the profile in plain words, with the customer's own figures. */
  reasons: z.array(z.string().min(1)),
});
export type SuitabilityProfile = z.infer<typeof suitabilityProfileSchema>;

/** `needs_review` on every RM list item and the admin's lists: a flag is raised. */
export const needsReviewField = z.boolean().optional();
