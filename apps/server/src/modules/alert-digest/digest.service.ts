import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { alertDigestEmail } from '../mail/templates.js';
import * as repo from './digest.repository.js';

export const ALERT_DIGEST_QUEUE = 'alert-digest';

/** Alerts one email lists; the rest are counted, with a link to the app (docs/alert-digest.md). */
export const DIGEST_LIST_LIMIT = 50;

export interface DigestRun {
  /** Digests sent, one per user. */
  sent: number;
  /** Digests whose email failed: their alerts wait for the next run. */
  failed: number;
}

/**
 * The daily digest of unread alerts (issue 19, item 4). Each run emails every user who wants it
 * one message listing their unread alerts that no digest has listed yet. Alerts are claimed
 * (marked digested) in a short transaction before the email is sent, so no database lock is
 * held while talking to the SMTP server; a failed send gives them back to the next run.
 */
export class AlertDigestService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      mailer: Mailer;
      logger: Logger;
      appName: string;
      publicUrl: string;
    },
  ) {}

  /**
   * One run. `startedAt` bounds it: an alert created after it waits for the next run, so two
   * runs at once cannot send one user two digests even while alerts keep arriving.
   */
  async run(startedAt = new Date()): Promise<DigestRun> {
    const { db, logger } = this.deps;
    const result: DigestRun = { sent: 0, failed: 0 };
    for (const userId of await repo.usersWithDigestibleAlerts(db, startedAt)) {
      const claim = await repo.claimDigest(db, userId, startedAt, DIGEST_LIST_LIMIT);
      if (!claim) continue;
      try {
        await this.send(claim);
        result.sent += 1;
      } catch (error) {
        result.failed += 1;
        logger.error({ err: error, userId }, 'alert digest not sent; its alerts wait for the next');
        await repo.releaseClaim(db, userId, claim.stamp);
      }
    }
    if (result.sent > 0 || result.failed > 0) logger.info(result, 'alert digests sent');
    return result;
  }

  private async send(claim: repo.DigestClaim) {
    const { appName, publicUrl, mailer } = this.deps;
    await mailer.send({
      to: claim.email,
      ...alertDigestEmail(appName, {
        name: claim.name,
        total: claim.total,
        // The alert list screen (apps/web paths.alerts).
        alertsUrl: `${publicUrl}/alerts`,
        settingsUrl: `${publicUrl}/settings`,
        alerts: claim.alerts.map((alert) => ({
          severity: alert.severity,
          customerId: alert.customer_id,
          message: alert.message,
          createdAt: alert.created_at,
          link: `${publicUrl}/customers/${encodeURIComponent(alert.customer_id)}`,
        })),
      }),
    });
  }
}
