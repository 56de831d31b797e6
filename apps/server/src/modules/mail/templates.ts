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
