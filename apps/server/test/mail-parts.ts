import type { ReceivedMail } from './smtp-listener.js';

/**
 * One part (text/plain or text/html) of a delivered message, decoded from its transfer
 * encoding, so a test reads what the recipient's mail client shows.
 */
export function mailPart(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'mi'));
  if (start < 0) throw new Error(`the message has no ${type} part`);
  const part = raw.slice(start);
  const headerEnd = part.indexOf('\n\n');
  const headers = part.slice(0, headerEnd);
  const rest = part.slice(headerEnd + 2);
  const boundary = rest.search(/^--/m);
  const body = boundary < 0 ? rest : rest.slice(0, boundary);
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The message's subject header (unfolded). */
export function subjectOf(mail: ReceivedMail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
}
