/** One interface for outgoing mail; the engine is chosen by SMTP_URL. */
import type { FastifyBaseLogger } from 'fastify';
import { FileOutboxMailer } from './file-outbox.ts';
import { SmtpMailer } from './smtp.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void> | void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  return new FileOutboxMailer(options.dataDir, options.from, options.log);
}
