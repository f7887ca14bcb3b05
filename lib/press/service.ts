// Presses requested by test workers and served by the main process, which alone may run a hook or
// talk to the operator. A loopback HTTP endpoint under a random path; only plain JSON crosses.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KindId } from '../spec/kinds.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { type PressBackend, type PressOutcome, pressBackendFor } from './backend.js';

export interface PressService {
  /** Base URL for workers: POST <url>/press {why} (answers {n, startedAt, endedAt}), then POST <url>/end {outcome}. */
  url: string;
  /** The press happened between the answer's startedAt and endedAt: a hook's run brackets it; a person's press is not timed. */
  timed: boolean;
  /** Presses the device confirmed (`count`, the pairing's included), and presses asked for: a press not given is not counted. */
  count(): PressCount;
  /** Ends a press still awaited as not given (the countdown stops, a running hook is stopped), then the service. */
  close(): Promise<void>;
}

/** As results.json counts presses: `count` confirmed by the device, `asked` asked for. */
export interface PressCount {
  count: number;
  asked: number;
}

export async function startPressService(o: {
  backend: PressBackend;
  kind: KindId;
  timeoutS: number;
  already: PressCount;
  planned: number;
}): Promise<PressService> {
  let { count: seen, asked: count } = o.already;
  let end: ((outcome: PressOutcome) => void) | undefined;
  const closing = new AbortController();
  const secret = randomBytes(16).toString('hex');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      let body: { why?: string; outcome?: PressOutcome };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof body;
      } catch {
        return send(400, { error: 'the press service takes JSON' });
      }
      if (req.method === 'POST' && req.url === `/${secret}/press`) {
        count += 1;
        try {
          const startedAt = Date.now();
          end = await o.backend.request({
            kind: o.kind,
            n: count,
            of: Math.max(o.planned, count),
            timeoutS: o.timeoutS,
            why: body.why ?? 'a press',
            signal: closing.signal,
          });
          // `seen`: the presses of this run the device has honoured so far (the pairing's included).
          return send(200, { n: count, startedAt, endedAt: Date.now(), seen });
        } catch (err) {
          return send(500, { error: err instanceof Error ? err.message : String(err) });
        }
      }
      if (req.method === 'POST' && req.url === `/${secret}/end`) {
        const outcome = body.outcome ?? 'seen';
        if (outcome === 'seen') seen += 1;
        end?.(outcome);
        end = undefined;
        return send(200, {});
      }
      return send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${secret}`,
    timed: o.backend.name === 'press-hook',
    count: () => ({ count: seen, asked: count }),
    close: () =>
      new Promise<void>((r) => {
        closing.abort('the run ended');
        end?.('interrupted');
        end = undefined;
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The press service for a run: the same backend as the pairing (hook, else the terminal), numbered on from the pairing press; none when no press can be had. */
export async function pressServiceFor(
  cfg: { pressHook?: string | undefined; pressTimeoutS: number },
  io: OperatorIo,
  kind: KindId,
  already: PressCount,
  suitePresses: number,
): Promise<PressService | undefined> {
  const backend = pressBackendFor(cfg, io);
  if (!backend) return undefined;
  return startPressService({ backend, kind, timeoutS: cfg.pressTimeoutS, already, planned: already.asked + suitePresses });
}
