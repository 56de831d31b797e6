import pino, { type Logger } from 'pino';

export const createLogger = (level: string): Logger =>
  pino({ level, redact: ['req.headers.authorization', 'password', '*.password'] });
