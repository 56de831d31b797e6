/**
 * Query keys that more than one feature reads or refreshes. Recording a product outcome on the
 * customer page changes the products every RM list shows, so that page refreshes these lists,
 * which the RM analytics feature owns.
 */

/** The RM analytics calls; the whole family is cleared with the session. */
export const rmAnalyticsKeys = {
  all: ['rm-analytics'] as const,
  ownBook: () => [...rmAnalyticsKeys.all, 'own-book'] as const,
  whoToCall: () => [...rmAnalyticsKeys.all, 'who-to-call'] as const,
  priorityScores: () => [...rmAnalyticsKeys.all, 'priority-scores'] as const,
  riskRanking: () => [...rmAnalyticsKeys.all, 'risk-ranking'] as const,
  segments: () => [...rmAnalyticsKeys.all, 'segments'] as const,
};

/**
 * The firm's API keys: the API keys screen reads them, and a password change of the admin
 * revokes them all (the account feature refreshes the list then).
 */
export const apiKeysQueryKey = ['api-keys'] as const;

/** One customer's page (`GET /content/customer/{customer_id}`). */
export const customerPageKeys = {
  all: ['customer-page'] as const,
  customer: (customerId: string) => [...customerPageKeys.all, customerId] as const,
};
