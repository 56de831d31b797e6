import {
  CREDIT_FEATURES,
  TOAST_MS,
  featureDataSchema,
  isPaidPlan,
  type CreditFeatureKey,
  type FeatureData,
  type User,
} from '@behavio/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { paths } from '@/config/paths';
import { endsSession } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { useFeatureDataCache, useUnlockedFeatures } from '@/lib/session';
import { CREDITS_TEXT, unlockErrorMessage, useUnlockFeature } from '../api/unlock-feature';
import { creditsLabel, hasNoCredits } from '../utils/credit-rules';
import { ConfirmUnlockModal } from './confirm-unlock-modal';
import { CreditFeatureCard } from './credit-feature-card';
import { CreditsBanner } from './credits-banner';

const FEATURE_KEYS = Object.keys(CREDIT_FEATURES) as CreditFeatureKey[];

/**
 * The cached data of an unlocked feature, if it is valid and this user's (the session store
 * survives a reload; data of another account is never shown).
 */
function restoredData(
  unlocked: boolean,
  cached: unknown,
  user: User | undefined,
): FeatureData | undefined {
  if (!unlocked || !user) return undefined;
  const parsed = featureDataSchema.safeParse(cached);
  if (!parsed.success || parsed.data.userId !== user.id) return undefined;
  return parsed.data;
}

export interface UnlockPremiumPageProps {
  /** Renders an unlocked feature's content (composed by the route from features/paid-features). */
  renderFeatureData: (data: FeatureData) => ReactNode;
}

/**
 * product-rules: Screens "Unlock Premium Features (credit-gated)": the credits banner and the two feature cards.
 * Unlock → credit check (≤ 5: 'No Credits Left' and /subscription) → 'Confirm Unlock' → the call
 * → a toast; unlocks and their data live in the session store and come back on return.
 */
export function UnlockPremiumPage({ renderFeatureData }: UnlockPremiumPageProps) {
  const { data: user } = useUser();
  const unlocked = useUnlockedFeatures();
  const cache = useFeatureDataCache();
  const navigate = useNavigate();
  const mutation = useUnlockFeature();
  const [confirming, setConfirming] = useState<CreditFeatureKey | null>(null);
  const credits = user?.credits;
  const cards = FEATURE_KEYS.map((key) => ({
    key,
    data: restoredData(unlocked[key] === true, cache[key], user),
  }));
  const anyUnlocked = cards.some((card) => card.data !== undefined);

  const startUnlock = (key: CreditFeatureKey) => {
    if (hasNoCredits(credits)) {
      toast.warning({
        title: CREDITS_TEXT.noCreditsTitle,
        message: CREDITS_TEXT.noCreditsMessage,
        durationMs: TOAST_MS.noCredits,
      });
      void navigate(paths.subscription);
      return;
    }
    setConfirming(key);
  };

  const confirmUnlock = () => {
    if (!confirming) return;
    const key = confirming;
    mutation.mutate(key, {
      onSuccess: (response) => {
        setConfirming(null);
        toast.success({
          title: 'Feature unlocked',
          message: `${CREDIT_FEATURES[key]} is open for this session. ${creditsLabel(
            response.remainingCredits,
          )} left.`,
          durationMs: TOAST_MS.unlockResult,
        });
      },
      onError: (error) => {
        setConfirming(null);
        if (endsSession(error)) return;
        toast.error({
          title: CREDITS_TEXT.errorTitle,
          message: unlockErrorMessage(error),
          durationMs: TOAST_MS.unlockResult,
        });
      },
    });
  };

  // A paid plan includes every premium feature: nothing to spend credits on here.
  if (user && isPaidPlan(user.subscription)) return <Navigate to={paths.premiumFull} replace />;

  return (
    <>
      <PageHeader
        title="Unlock Premium Features"
        description="Spend credits to open premium insights on your customers for this session."
      />
      <Stack gap="xl">
        <CreditsBanner credits={credits} />
        {/* Locked cards sit side by side; an unlocked one takes the full width for its data. */}
        <SimpleGrid cols={{ base: 1, lg: anyUnlocked ? 1 : 2 }} spacing="lg">
          {cards.map(({ key, data }) => (
            <CreditFeatureCard
              key={key}
              featureKey={key}
              data={data}
              onUnlock={() => startUnlock(key)}
              busy={mutation.isPending}
              renderFeatureData={renderFeatureData}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <ConfirmUnlockModal
        feature={confirming}
        credits={credits}
        pending={mutation.isPending}
        onConfirm={confirmUnlock}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
