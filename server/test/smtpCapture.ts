// A real SMTP server on loopback that keeps every mail it receives, one entry per recipient:
// the test harness and `npm run abuse` read the app's mail from it.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export async function startSmtpCapture(mails: ReceivedMail[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              at: Date.now(),
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return smtp;
}
