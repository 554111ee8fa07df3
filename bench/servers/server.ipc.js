'use strict';
/**
 * The contract between the harness and every server it forks, module hosts and
 * peers alike: listen on 127.0.0.1 on a free port, tell the parent the port
 * (and anything a request needs, such as a token), answer usage samples (RSS and
 * CPU time), and exit
 * cleanly when asked, so `node --cpu-prof` can write its profile.
 *
 * Plain CommonJS so the peers (plain JavaScript resolved from bench/node_modules)
 * and the TypeScript hosts share one implementation.
 */

/**
 * @param {import('node:http').Server} server an HTTP server not yet listening
 * @param {Record<string, unknown>} [info] extra facts for the harness (tokens, session id)
 * @returns {Promise<number>} the port
 */
function listenAndReport(server, info = {}) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = server.address().port;
      watchParent(() => server.close());
      resolve(port);
    });
  }).then((port) => {
    send({ type: 'ready', port, info });
    return port;
  });
}

/** Tells the parent more facts after `listenAndReport` (a session opened against the server itself). */
function reportInfo(info) {
  send({ type: 'info', info });
}

function send(message) {
  if (process.send) process.send(message);
}

let watching = false;
function watchParent(close) {
  if (watching) return;
  watching = true;
  const exit = () => {
    close();
    // A normal exit, so --cpu-prof writes its file; keep-alive sockets must not hold the process.
    setImmediate(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message && message.type === 'usage') {
      const cpu = process.cpuUsage();
      send({ type: 'usage', rss: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
    }
    if (message && message.type === 'stop') exit();
  });
  process.on('disconnect', exit);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
}

/** Reports a start-up failure to the parent and exits non-zero. */
function failStart(error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
  setImmediate(() => process.exit(1));
}

module.exports = { listenAndReport, reportInfo, failStart };
