/** Embedded mode: each mail is a JSON file in DATA_DIR/outbox, announced by one log line (no SMTP needed). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

export class FileOutboxMailer implements Mailer {
  readonly dir: string;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  #sequence = 0;

  constructor(dataDir: string, from: string, log: FastifyBaseLogger) {
    this.dir = join(dataDir, 'outbox');
    this.#from = from;
    this.#log = log;
  }

  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    // The sequence keeps two mails in one millisecond apart; the address is made safe for a file name.
    const safeTo = mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const file = join(this.dir, `${stamp}-${String(++this.#sequence).padStart(4, '0')}-${safeTo}.json`);
    const body = { from: this.#from, ...mail, date: new Date().toISOString() };
    await writeFile(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    this.#log.info({ file }, `mail to ${mail.to} written to the outbox: ${mail.subject}`);
  }
}
