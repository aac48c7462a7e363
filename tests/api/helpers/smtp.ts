import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A letter as the SMTP server received it: the envelope, who logged in, the headers and the decoded text. */
export type Received = { from: string; to: string[]; user: string | undefined; headers: string; text: string };

export type TestSmtp = {
  url: string;
  received: Received[];
  /** `accept` takes letters; `reject` refuses every recipient with a 550, as a strict relay would. */
  mode: 'accept' | 'reject';
  close(): Promise<void>;
};

export const SMTP_USER = 'jigboard';
export const SMTP_PASSWORD = 'smtp-secret';

/** The text part of a single-part message, undoing the transfer encoding nodemailer picked. */
function decodeBody(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  return { headers, text: body };
}

/**
 * A real SMTP server in this process, on 127.0.0.1 and a free port, that keeps what it receives.
 * Plain SMTP with AUTH (no STARTTLS: there is no certificate to trust in a test).
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state: Pick<TestSmtp, 'received' | 'mode'> = { received: [], mode: 'accept' };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (state.mode === 'reject') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = decodeBody(Buffer.concat(chunks).toString('latin1'));
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          headers,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
