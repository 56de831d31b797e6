import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createMailer, outboxDir } from './mailer.js';
import { alertDigestEmail, verificationEmail } from './templates.js';

describe('outbox mailer', () => {
  it('writes each message as an .eml file with text and HTML parts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Behavio <no-reply@behavio.local>',
      dataDir,
      logger: createLogger('silent'),
    });
    await mailer.send({ to: 'ada@example.com', ...verificationEmail('Behavio', '042917', 10) });
    const files = readdirSync(outboxDir(dataDir));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir(dataDir), files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Your Behavio verification code: 042917');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
  });
});

describe('verificationEmail', () => {
  it('names the product and the code, and escapes the product name in HTML', () => {
    const mail = verificationEmail('<Acme>', '123456', 10);
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('<Acme>');
    expect(mail.html).toContain('&lt;Acme&gt;');
    expect(mail.html).not.toContain('<Acme>');
    expect(mail.text).toContain('10 minutes');
  });
});

describe('alertDigestEmail', () => {
  it('goes to the outbox without SMTP_URL, like every message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Behavio <no-reply@behavio.local>',
      dataDir,
      logger: createLogger('silent'),
    });
    const link = 'http://localhost:3000/customers/C-1';
    await mailer.send({
      to: 'rita@example.com',
      ...alertDigestEmail('Behavio', {
        name: 'Rita',
        total: 1,
        alertsUrl: 'http://localhost:3000/alerts',
        settingsUrl: 'http://localhost:3000/settings',
        alerts: [
          {
            severity: 'critical',
            customerId: 'C-1',
            message: 'risk up',
            createdAt: new Date(),
            link,
          },
        ],
      }),
    });
    const [file] = readdirSync(outboxDir(dataDir));
    const eml = readFileSync(path.join(outboxDir(dataDir), file!), 'utf8');
    expect(eml).toContain('To: rita@example.com');
    expect(eml).toContain('Subject: Behavio: 1 unread alert');
    expect(eml).toContain(link);
  });
});
