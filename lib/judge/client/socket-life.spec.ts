// An integration that lives on the WebSocket's pushes (it polls nothing with its token) keeps working by keeping
// its authorized connection: CL-VER-02 and CL-LIFE-01 judge it on that, where they skipped it before ("no request
// with a token during steady") while it received pushes all along.
import { describe, expect, test } from 'vitest';
import type { Traffic } from '../../spec/traffic.js';
import { PRESS_AFTER, TOKEN_1, TOKEN_2, TrafficBuilder } from './fixture.js';
import { life01, load01, load02 } from './load.js';
import { ver02 } from './versions.js';

const SUBSCRIBE: [number, 'client', unknown] = [300, 'client', { type: 'subscribe', data: 'measurement' }];

interface Life {
  /** When it closes its first connection, ms into newer (undefined: the device cuts it when it goes away). */
  closesInNewer?: number;
  /** When it opens a connection again, ms into newer, and with which token. */
  reopensInNewer?: { after: number; token: string };
  pairsInNewer?: boolean;
  /** When it is back after the reboot, ms after the device's return (undefined: never), and whether it pairs first. */
  backAfter?: number;
  pairsAfterReboot?: boolean;
}

/** It pairs, then only talks over one WebSocket, subscribed to measurement; the device cuts it when it goes away. */
function onTheSocket(o: Life = {}): Traffic {
  const b = new TrafficBuilder();
  const at = b.start('pairing');
  const c = b.connection('v2', at + 1000);
  b.pair(at + 1000, c, null);
  b.pair(at + (PRESS_AFTER + 1) * 1000, c, TOKEN_1);
  const newer = b.start('newer');
  const down = b.t.away[0]!;
  const closed = o.closesInNewer === undefined ? { at: down.from, by: 'device' as const } : { at: newer + o.closesInNewer, by: 'client' as const };
  b.authorizedSocket(at + (PRESS_AFTER + 2) * 1000, TOKEN_1, [SUBSCRIBE], closed);
  if (o.pairsInNewer) b.pair(newer + 5000, b.connection('v2', newer + 5000), TOKEN_2);
  if (o.reopensInNewer) b.authorizedSocket(newer + o.reopensInNewer.after, o.reopensInNewer.token, [SUBSCRIBE], { at: down.from, by: 'device' });
  if (o.pairsAfterReboot) b.pair(down.to + 1000, b.connection('v2', down.to + 1000), TOKEN_2);
  if (o.backAfter !== undefined) b.authorizedSocket(down.to + o.backAfter, o.pairsAfterReboot ? TOKEN_2 : TOKEN_1, [SUBSCRIBE]);
  return b.build();
}

describe('CL-VER-02 on the WebSocket', () => {
  test.for([
    ['keeps its connection through newer', {}, true, /open 30\.0 s of newer's 30\.0 s/],
    [
      'closes it 1 s into newer and opens another with its token at once',
      { closesInNewer: 1000, reopensInNewer: { after: 1500, token: TOKEN_1 } },
      true,
      /open 29\.\d s/,
    ],
    [
      'closes it 2 s into newer and stays away',
      { closesInNewer: 2000 },
      false,
      /open only 2\.\d s of newer's 30\.0 s: it closed it 2\.0 s after the device reported 2\.9\.0/,
    ],
    [
      'closes it 2 s into newer and comes back 20 s later',
      { closesInNewer: 2000, reopensInNewer: { after: 22_000, token: TOKEN_1 } },
      false,
      /open only 9\.\d s/,
    ],
    [
      'pairs again in newer',
      { pairsInNewer: true, reopensInNewer: { after: 6000, token: TOKEN_2 } },
      false,
      /it asked for a new token once the device reported a newer version/,
    ],
  ] as const)('%s', ([, life, held, words]) => {
    const f = ver02(onTheSocket(life));
    expect(f).toMatchObject({ held, message: expect.stringMatching(words) });
  });

  test('with neither a request with a token nor a WebSocket during steady, there is nothing to hold it to', () => {
    const t = onTheSocket();
    t.sockets = [];
    expect(ver02(t)).toEqual({
      skip: 'the integration sent no request with a token and authorized no WebSocket during steady, so there is no usual rate to hold it to',
    });
  });
});

describe('CL-LIFE-01 on the WebSocket', () => {
  test.for([
    ['authorizes again with its token 2 s after the device is back', { backAfter: 2000 }, true, /again with its token 2\.\d s after the device came back/],
    ['only 40 s after', { backAfter: 40_000 }, false, /only 40\.\d s after the device came back \(30 s at most\)/],
    ['pairs again first', { backAfter: 2000, pairsAfterReboot: true }, false, /it paired again after the reboot, where its token was still good/],
    ['never comes back', {}, false, /did not authorize a WebSocket again with its token/],
  ] as const)('%s', ([, life, held, words]) => {
    expect(life01(onTheSocket(life))).toMatchObject({ held, message: expect.stringMatching(words) });
  });
});

describe('CL-LOAD-01 and CL-LOAD-02 on the WebSocket', () => {
  test('it asks no endpoint and keeps one WebSocket open through steady and newer: no load beyond its connection, which it keeps', () => {
    const t = onTheSocket();
    expect(load01(t, ['steady', 'newer'])).toEqual({
      held: true,
      message: 'it asked no endpoint during steady and newer: it kept 1 authorized WebSocket open, on which the device pushes',
    });
    expect(load02(t, ['steady', 'newer'])).toMatchObject({
      held: true,
      message: expect.stringMatching(/no request during steady: it kept its WebSocket open/),
    });
  });

  test('a new WebSocket every 2 s of steady, each closed by the integration: the connection is not kept (CL-LOAD-02)', () => {
    const b = new TrafficBuilder();
    const steady = b.start('steady');
    b.pair(b.start('pairing') + (PRESS_AFTER + 1) * 1000, b.connection('v2', 1000), TOKEN_1);
    for (let i = 0; i < 10; i += 1) {
      b.authorizedSocket(steady + i * 2000, TOKEN_1, [SUBSCRIBE], { at: steady + i * 2000 + 1500, by: 'client' });
      b.close(b.t.sockets.at(-1)!.connection, steady + i * 2000 + 1500, 'client');
    }
    expect(load02(b.build(), ['steady', 'newer'])).toMatchObject({
      held: false,
      message: '10 WebSockets opened during steady, and no request: it does not keep its connection to the device',
    });
  });

  test('one the device closed, opened again: still its connection kept', () => {
    const b = new TrafficBuilder();
    const steady = b.start('steady');
    b.pair(b.start('pairing') + (PRESS_AFTER + 1) * 1000, b.connection('v2', 1000), TOKEN_1);
    b.authorizedSocket(steady + 1000, TOKEN_1, [SUBSCRIBE], { at: steady + 5000, by: 'device' });
    b.close(b.t.sockets.at(-1)!.connection, steady + 5000, 'device');
    b.authorizedSocket(steady + 7000, TOKEN_1, [SUBSCRIBE]);
    expect(load02(b.build(), ['steady'])).toMatchObject({ held: true });
  });

  test('with neither requests nor a WebSocket there is nothing to judge', () => {
    const t = onTheSocket();
    t.sockets = [];
    expect(load01(t, ['steady', 'newer'])).toEqual({ skip: 'the integration sent no request during steady and newer' });
    expect(load02(t, ['steady', 'newer'])).toEqual({ skip: 'the integration sent no request and kept no WebSocket during steady' });
  });
});
