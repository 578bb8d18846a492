import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The 6-digit code of the newest mail to `to`. */
    codeFor(to: string): string {
      const mail = [...messages].reverse().find((m) => m.to.includes(to));
      const code = mail && bodyText(mail.raw).match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a single-part mail, decoded from base64 or quoted-printable. */
function bodyText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    return body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return body;
}
