/** Production mail through any SMTP server (nodemailer), chosen when SMTP_URL is set. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(url: string, from: string) {
    this.#transport = nodemailer.createTransport(url);
    this.#from = from;
  }

  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({ from: this.#from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.#transport.close();
  }
}
