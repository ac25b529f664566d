// The race's server, timed from inside (bench/booking-race.bench.ts; decision 331): loaded with
// `--import` into the bench's server only, it notes each HTTP request's path, when the server
// began it (its 'request' event, an absolute time comparable between processes) and how long it
// took to its answer's last byte handed to the socket. On SIGUSR2 it writes them to
// SANDBAR_BENCH_TIMING as JSON. Beside the figures measured from outside, these show the server's
// own part when the bench's clients and the machine's other work are slow.
import fs from 'node:fs';
import http from 'node:http';

const out = process.env.SANDBAR_BENCH_TIMING;
const seen = [];
const clock = () => performance.timeOrigin + performance.now();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'connection') req.acceptedAt = clock();
  if (event === 'request') {
    const at = clock();
    const path = String(req.url).split('?')[0];
    const accepted = req.socket.acceptedAt;
    res.once('finish', () => seen.push({ path, at, accepted, ms: clock() - at, status: res.statusCode }));
  }
  return emit.apply(this, arguments);
};
const stalls = [];
if (out && process.env.BENCH_DEBUG) {
  let last = clock();
  setInterval(() => {
    const now = clock();
    if (now - last > 60) stalls.push({ path: '(stall)', at: last, ms: now - last - 10, status: 0 });
    last = now;
  }, 10).unref();
}
if (out)
  process.on('SIGUSR2', () => {
    fs.writeFileSync(`${out}.tmp`, JSON.stringify([...seen, ...stalls]));
    fs.renameSync(`${out}.tmp`, out);
  });
