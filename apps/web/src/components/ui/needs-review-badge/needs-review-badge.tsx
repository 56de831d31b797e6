import { Badge, Tooltip } from '@mantine/core';

export const NEEDS_REVIEW_LABEL = 'Needs review';
const NEEDS_REVIEW_HINT =
  'A vulnerability flag is raised (age 80+, low tested knowledge, self-rated risk above tested knowledge, or contradictory data): only capital-safe products are suggested until a person has reviewed the customer.';

/**
 * Beside a customer's id on every RM screen and the admin's lists (issue 28, item 2): the
 * customer awaits a suitability review. Nothing when no flag is raised.
 */
export function NeedsReviewBadge({ needsReview }: { needsReview?: boolean | null | undefined }) {
  if (!needsReview) return null;
  return (
    <Tooltip label={NEEDS_REVIEW_HINT} multiline w={280} withArrow>
      <Badge color="orange" variant="light" radius="sm" ml={6} tt="none">
        {NEEDS_REVIEW_LABEL}
      </Badge>
    </Tooltip>
  );
}
