// Mailpit's part compose.yaml relies on: SMTP on :1025 taking any mail without authentication, and a
// view on :8025. Mails are kept in memory (the last 500), as a catcher needs no more.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const { SMTPServer } = createRequire(import.meta.url)('smtp-server');
const KEEP = 500;
const mails = [];
let nextId = 1;

/** A header's value from the raw message (first occurrence, folded lines joined). */
function header(raw, name) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      mails.unshift({
        ID: String(nextId++),
        From: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        To: session.envelope.rcptTo.map((entry) => entry.address),
        Subject: header(raw, 'Subject'),
        Created: new Date().toISOString(),
        Size: raw.length,
        raw,
      });
      mails.length = Math.min(mails.length, KEEP);
      callback();
    });
  },
});
smtp.listen(1025, '0.0.0.0');

const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const summary = ({ raw: _raw, ...rest }) => rest;

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const raw = /^\/api\/v1\/message\/([^/]+)\/raw$/.exec(url.pathname);
  if (url.pathname === '/api/v1/messages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ total: mails.length, messages: mails.map(summary) }));
  } else if (raw) {
    const mail = mails.find((entry) => entry.ID === raw[1]);
    response.writeHead(mail ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(mail ? mail.raw : 'not found');
  } else if (url.pathname === '/') {
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escape(mail.Created)}</td><td>${escape(mail.To.join(', '))}</td>` +
          `<td><a href="/api/v1/message/${mail.ID}/raw">${escape(mail.Subject || '(no subject)')}</a></td></tr>`,
      )
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Mail (${mails.length})</title><h1>Mail caught: ${mails.length}</h1>` +
        `<table><tr><th>received</th><th>to</th><th>subject</th></tr>${rows}</table>`,
    );
  } else {
    response.writeHead(404).end();
  }
}).listen(8025, '0.0.0.0');
console.log('SMTP on :1025, mail view on http://0.0.0.0:8025 (Mailpit stand-in)');
// PID 1 in its container: Node ignores SIGTERM there unless told what to do.
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => process.exit(0));
