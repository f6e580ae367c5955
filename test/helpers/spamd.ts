/**
 * The local SpamAssassin spamd the inbound tests score mail with: Debian's spamd on
 * 127.0.0.1:7830, started by .ci/run (offline, with the rules the package ships). Like the
 * local Redis, a test that needs it fails at once, saying how to start it, when it is not there.
 */
import { connect } from 'node:net';

export const SPAMD = { host: '127.0.0.1', port: 7830 };

/** The GTUBE line: every SpamAssassin scores a message holding it as spam, whatever its rules. */
export const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

export async function requireSpamd(): Promise<void> {
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect(SPAMD);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (!reachable) {
    throw new Error(
      `spamd is not reachable on ${SPAMD.host}:${SPAMD.port} (the inbound tests score mail with it). Install and start it with: ` +
        `apt-get install -y spamassassin && spamd --listen=${SPAMD.host}:${SPAMD.port} -u debian-spamd --max-children=2 -d --pidfile=/tmp/postwire-spamd.pid`,
    );
  }
}
