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
  if (event === 'request') {
    const at = clock();
    const path = String(req.url).split('?')[0];
    res.once('finish', () => seen.push({ path, at, ms: clock() - at, status: res.statusCode }));
  }
  return emit.apply(this, arguments);
};
if (out)
  process.on('SIGUSR2', () => {
    fs.writeFileSync(`${out}.tmp`, JSON.stringify(seen));
    fs.renameSync(`${out}.tmp`, out);
  });
