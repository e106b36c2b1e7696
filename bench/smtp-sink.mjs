// A local SMTP server in a process of its own, as a real mail server would be: it accepts every
// message and discards it. Prints its port on stdout once listening.
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
