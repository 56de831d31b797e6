/** Query keys of the RM analytics calls; the whole family is cleared with the session. */
export const rmAnalyticsKeys = {
  all: ['rm-analytics'] as const,
  ownBook: () => [...rmAnalyticsKeys.all, 'own-book'] as const,
  whoToCall: () => [...rmAnalyticsKeys.all, 'who-to-call'] as const,
  priorityScores: () => [...rmAnalyticsKeys.all, 'priority-scores'] as const,
  riskRanking: () => [...rmAnalyticsKeys.all, 'risk-ranking'] as const,
  segments: () => [...rmAnalyticsKeys.all, 'segments'] as const,
};
