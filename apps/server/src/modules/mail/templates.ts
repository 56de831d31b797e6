import { PREFERENCES_MESSAGES } from '@behavio/contract';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Layout {
  appName: string;
  heading: string;
  paragraphs: string[];
  highlight?: string;
}

/** Plain text and a simple, client-safe HTML version of the same content. */
function render({ appName, heading, paragraphs, highlight }: Layout) {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p, i) =>
      i === 0 && highlight ? [p, '', `    ${highlight}`, ''] : [p, ''],
    ),
  ]
    .join('\n')
    .concat(`\n— ${appName}\n`);
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:520px;margin:0 auto;padding:24px">
<h2 style="margin:0 0 16px">${escapeHtml(heading)}</h2>
${paragraphs
  .map(
    (p, i) =>
      `<p style="line-height:1.5">${escapeHtml(p)}</p>` +
      (i === 0 && highlight
        ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(highlight)}</p>`
        : ''),
  )
  .join('\n')}
<p style="color:#868e96;font-size:12px;margin-top:32px">${escapeHtml(appName)}</p>
</body></html>`;
  return { text, html };
}

export function verificationEmail(appName: string, code: string, minutesValid: number) {
  return {
    subject: `Your ${appName} verification code: ${code}`,
    ...render({
      appName,
      heading: `Verify your email for ${appName}`,
      highlight: code,
      paragraphs: [
        `Enter this 6-digit code on the verification page to activate your ${appName} account:`,
        `The code is valid for ${minutesValid} minutes. If you did not create an account, you can ignore this email.`,
      ],
    }),
  };
}

export function employeeInvitationEmail(
  appName: string,
  input: { name: string; role: string; email: string; adminEmail: string; loginUrl: string },
) {
  return {
    subject: `You have been added to ${appName}`,
    ...render({
      appName,
      heading: `Welcome to ${appName}, ${input.name}`,
      paragraphs: [
        `Your firm admin has created an account for you with the role "${input.role}".`,
        `To sign in, open ${input.loginUrl}, choose the role "${input.role}", and enter your email (${input.email}), the password your admin gave you, and your admin's email: ${input.adminEmail}.`,
        'If you did not expect this email, you can ignore it.',
      ],
    }),
  };
}

export function passwordResetEmail(appName: string, code: string, minutesValid: number) {
  return {
    subject: `Your ${appName} password reset code: ${code}`,
    ...render({
      appName,
      heading: `Reset your ${appName} password`,
      highlight: code,
      paragraphs: [
        `Enter this 6-digit code on the password reset page to choose a new password:`,
        `The code is valid for ${minutesValid} minutes and works once. If you did not ask to reset your password, you can ignore this email: your password stays as it is.`,
      ],
    }),
  };
}

/** One alert as a digest lists it. */
export interface DigestAlert {
  severity: string;
  customerId: string;
  message: string;
  createdAt: Date;
  /** The customer's page in the app. */
  link: string;
}

const SEVERITY_LABELS: Record<string, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The daily digest of unread alerts (docs/alert-digest.md): the listed alerts, most severe and
 * newest first, each with a link to its customer; how many more there are when the list was cut;
 * and how to turn the email off.
 */
export function alertDigestEmail(
  appName: string,
  input: {
    name: string;
    alerts: DigestAlert[];
    /** Every alert this digest covers; more than `alerts.length` when the list was cut. */
    total: number;
    /** The alert list in the app. */
    alertsUrl: string;
    settingsUrl: string;
  },
) {
  const { name, alerts, total, alertsUrl, settingsUrl } = input;
  const count = `${total.toLocaleString('en-US')} unread alert${total === 1 ? '' : 's'}`;
  const heading = `You have ${count}`;
  const intro = `Hello ${name}, these alerts about your customers came in since your last digest and are still unread:`;
  const more = total - alerts.length;
  const moreText =
    more > 0
      ? `…and ${more.toLocaleString('en-US')} more. Open ${appName} to see them all: ${alertsUrl}`
      : undefined;
  const footer = `You get this email once a day when you have unread alerts. To stop it, turn off "${PREFERENCES_MESSAGES.alertDigestLabel}" in Settings: ${settingsUrl}`;
  const label = (alert: DigestAlert) => SEVERITY_LABELS[alert.severity] ?? alert.severity;

  const text = [
    heading,
    '',
    intro,
    '',
    ...alerts.flatMap((alert) => [
      `- ${label(alert)}: customer ${alert.customerId} (${utcMinute(alert.createdAt)})`,
      `  ${alert.message}`,
      `  ${alert.link}`,
      '',
    ]),
    ...(moreText ? [moreText, ''] : []),
    footer,
    '',
    `— ${appName}`,
    '',
  ].join('\n');

  const items = alerts
    .map(
      (alert) => `<li style="margin:0 0 14px">
<strong>${escapeHtml(label(alert))}</strong> · customer ${escapeHtml(alert.customerId)} · <span style="color:#868e96">${escapeHtml(utcMinute(alert.createdAt))}</span><br>
${escapeHtml(alert.message)}<br>
<a href="${escapeHtml(alert.link)}">Open customer ${escapeHtml(alert.customerId)}</a>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">
<h2 style="margin:0 0 16px">${escapeHtml(heading)}</h2>
<p style="line-height:1.5">${escapeHtml(intro)}</p>
<ul style="padding-left:20px;line-height:1.5">
${items}
</ul>
${
  more > 0
    ? `<p style="line-height:1.5">…and ${more.toLocaleString('en-US')} more. <a href="${escapeHtml(alertsUrl)}">Open ${escapeHtml(appName)} to see them all</a>.</p>`
    : ''
}
<p style="color:#868e96;font-size:12px;margin-top:32px">You get this email once a day when you have unread alerts. To stop it, turn off “${escapeHtml(PREFERENCES_MESSAGES.alertDigestLabel)}” in <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>
<p style="color:#868e96;font-size:12px">${escapeHtml(appName)}</p>
</body></html>`;
  return { subject: `${appName}: ${count}`, text, html };
}
