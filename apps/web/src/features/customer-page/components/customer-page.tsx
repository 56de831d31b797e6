import { CUSTOMER_PAGE_MESSAGES, type CustomerPageResponse } from '@behavio/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { paths } from '@/config/paths';
import { hasCode, messageOr } from '@/lib/api-client';
import { CUSTOMER_PAGE_TEXT, useCustomerPage } from '../api/customer-page';
import { BiasEvidence } from './bias-evidence';
import { CustomerFields } from './customer-fields';
import { CustomerSummary } from './customer-summary';
import { ExcludedProducts } from './excluded-products';
import { InsightHistory } from './insight-history';
import { OutcomeHistory } from './outcome-history';
import { RecommendedProducts } from './product-cards';
import { SuitabilityProfilePanel } from './suitability-profile';

function BackLink() {
  return (
    <Anchor component={Link} to={paths.dashboard} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
      {CUSTOMER_PAGE_TEXT.back}
    </Anchor>
  );
}

function NotFound() {
  return (
    <Alert color="gray" variant="light" icon={<IconUserQuestion size={20} />}>
      <Stack gap="sm" align="flex-start">
        <Text fw={700}>{CUSTOMER_PAGE_MESSAGES.notFound}</Text>
        <Text size="sm">{CUSTOMER_PAGE_TEXT.notFoundHint}</Text>
        <Button component={Link} to={paths.dashboard} size="xs" variant="default">
          {CUSTOMER_PAGE_TEXT.back}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Names the products the page knows of; an id it does not know stays as it is. */
function productNamer(page: CustomerPageResponse) {
  const names = new Map<string, string>();
  for (const product of [...page.recommended_products, ...page.excluded_products])
    names.set(product.product_id, product.name);
  for (const outcome of page.product_outcomes) names.set(outcome.product_id, outcome.product_name);
  return (productId: string) => names.get(productId) ?? productId;
}

/**
 * One customer (issue 18): who looks after them and how they rank, how that moved with each
 * import (issue 19: first, for an RM who came from an alert), the products to offer now with
 * their reasons and suitability (and outcomes to record), the ones not offered and why, the
 * biases with their evidence, the row as sent, and what was done about them.
 */
export function CustomerPage({ customerId }: { customerId: string }) {
  const query = useCustomerPage(customerId);
  let body;
  if (query.isPending) {
    body = <LoadingState label={CUSTOMER_PAGE_TEXT.loading} />;
  } else if (query.isError) {
    if (hasCode(query.error, 'not_found')) body = <NotFound />;
    else if (hasCode(query.error, 'forbidden', 'role_forbidden', 'subscription_required'))
      body = (
        <Alert color="red" variant="light">
          {messageOr(query.error, CUSTOMER_PAGE_TEXT.fallback)}
        </Alert>
      );
    else
      body = (
        <LoadErrorAlert
          title={CUSTOMER_PAGE_TEXT.loadFailed}
          message={messageOr(query.error, CUSTOMER_PAGE_TEXT.fallback)}
          query={query}
        />
      );
  } else {
    const page = query.data;
    body = (
      <Stack gap="lg">
        <CustomerSummary page={page} />
        <InsightHistory history={page.history} productName={productNamer(page)} />
        <SuitabilityProfilePanel profile={page.suitability_profile} />
        <RecommendedProducts customerId={customerId} products={page.recommended_products} />
        <ExcludedProducts products={page.excluded_products} />
        <BiasEvidence biases={page.insights.biases} />
        <CustomerFields customer={page.customer} />
        <OutcomeHistory
          customerId={customerId}
          products={page.product_outcomes}
          calls={page.call_outcomes}
          notes={page.notes}
        />
      </Stack>
    );
  }
  return (
    <>
      <BackLink />
      <PageHeader title={`Customer ${customerId}`} />
      {query.data?.call_state ? (
        <Group gap="xs" mb="md">
          <Text size="sm">On the call list:</Text>
          <CallStateBadge state={query.data.call_state} />
        </Group>
      ) : null}
      {body}
    </>
  );
}
