// A local SMTP server in a process of its own, as a real mail server would be: it accepts every
// message and counts it. Its parent (over IPC) gets its port at start, and answers to 'count'
// (the messages received so far) and 'first' (the first message, as sent).
import { SMTPServer } from 'smtp-server';

let count = 0;
let first = null;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = first === null ? [] : null;
    stream.on('data', (chunk) => chunks?.push(chunk));
    stream.on('end', () => {
      count += 1;
      if (chunks && first === null) first = Buffer.concat(chunks).toString('utf8');
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (message) => {
  process.send(message === 'first' ? { first } : { count });
});
process.on('disconnect', () => process.exit(0));
