import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer over SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
      });
    },
  };
}
